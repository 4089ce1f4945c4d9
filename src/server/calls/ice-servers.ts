/**
 * The ICE servers of a call (README "Calls behind NAT", docs/lessons.md "Calls"): the static
 * `ICE_SERVERS`, then `TURN_URLS` with coturn's time-limited REST credentials — username
 * `<expiry unix time>:<user id>`, credential base64(HMAC-SHA1(static-auth-secret, username)), the
 * scheme coturn checks with `use-auth-secret`. coturn cannot revoke such a credential, so its
 * expiry is the moment the portal session would end without further activity, never later
 * (docs/security.md "Calls"): a signed-out provider's relay stops with her session.
 */
import { createHmac } from 'node:crypto';
import type { IceServer } from '../../shared/api/call';
import type { ServerConfig } from '../config';

export function turnRestCredentials(
  secret: string,
  userId: string | number,
  expiresAtSeconds: number,
): { username: string; credential: string } {
  const username = `${expiresAtSeconds}:${userId}`;
  return { username, credential: createHmac('sha1', secret).update(username).digest('base64') };
}

/**
 * The configured ICE servers and TURN credentials for `userId`, valid `TURN_CREDENTIAL_TTL_SECONDS`
 * but never past `notAfterMs` (the session's end for want of activity); `expiresAt` is null
 * without TURN.
 */
export function iceServersFor(
  config: Pick<ServerConfig, 'chat' | 'turn'>,
  userId: string | number,
  nowMs: number,
  notAfterMs = Number.POSITIVE_INFINITY,
): { iceServers: IceServer[]; expiresAt: string | null } {
  const servers: IceServer[] = config.chat.iceServers.map((s) => ({
    urls: Array.isArray(s.urls) ? s.urls : [s.urls],
    ...(s.username !== undefined ? { username: s.username } : {}),
    ...(s.credential !== undefined ? { credential: s.credential } : {}),
  }));
  const { turn } = config;
  if (!turn) return { iceServers: servers, expiresAt: null };
  const stun = turn.urls.filter((u) => u.startsWith('stun'));
  const relays = turn.urls.filter((u) => u.startsWith('turn'));
  if (stun.length > 0) servers.push({ urls: stun });
  if (relays.length === 0) return { iceServers: servers, expiresAt: null };
  const expires = Math.floor(Math.min(nowMs + turn.ttlSeconds * 1000, notAfterMs) / 1000);
  servers.push({ urls: relays, ...turnRestCredentials(turn.secret, userId, expires) });
  return { iceServers: servers, expiresAt: new Date(expires * 1000).toISOString() };
}
