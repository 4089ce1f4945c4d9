/**
 * The ICE servers of a call (README "Calls behind NAT", docs/lessons.md "Calls"): the static
 * `ICE_SERVERS`, then `TURN_URLS` with coturn's time-limited REST credentials — username
 * `<expiry unix time>:<user id>`, credential base64(HMAC-SHA1(static-auth-secret, username)), the
 * scheme coturn checks with `use-auth-secret`.
 */
import { createHmac } from 'node:crypto';
import type { IceServer } from '../../shared/api/call';
import type { ServerConfig } from '../config';

export function turnRestCredentials(
  secret: string,
  userId: string | number,
  ttlSeconds: number,
  nowMs: number,
): { username: string; credential: string } {
  const username = `${Math.floor(nowMs / 1000) + ttlSeconds}:${userId}`;
  return { username, credential: createHmac('sha1', secret).update(username).digest('base64') };
}

export function iceServersFor(
  config: Pick<ServerConfig, 'chat' | 'turn'>,
  userId: string | number,
  nowMs: number,
): IceServer[] {
  const servers: IceServer[] = config.chat.iceServers.map((s) => ({
    urls: Array.isArray(s.urls) ? s.urls : [s.urls],
    ...(s.username !== undefined ? { username: s.username } : {}),
    ...(s.credential !== undefined ? { credential: s.credential } : {}),
  }));
  const { turn } = config;
  if (!turn) return servers;
  const stun = turn.urls.filter((u) => u.startsWith('stun'));
  const relays = turn.urls.filter((u) => u.startsWith('turn'));
  if (stun.length > 0) servers.push({ urls: stun });
  if (relays.length > 0)
    servers.push({ urls: relays, ...turnRestCredentials(turn.secret, userId, turn.ttlSeconds, nowMs) });
  return servers;
}
