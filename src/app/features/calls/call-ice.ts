/**
 * Fresh ICE servers for the call client (docs/security.md "Calls"): the server's TURN credentials
 * end when the portal session would end without activity, so they are fetched again for every call
 * placed or accepted, and during a call once half of their remaining time has passed (the
 * provider's activity moves that end later). New credentials serve the peer connections made from
 * then on, ICE restarts included (wire §20.7).
 */
import type { CallClient } from '../../../webrtc/browser';
import type { CallEffects } from './call-effects';

/** Between two fetches during a call: never sooner than this… */
const MIN_REFRESH_MS = 30_000;
/** …and never later (a timer cannot wait longer than 2³¹ ms). */
const MAX_REFRESH_MS = 3_600_000;

/** Fetches the ICE servers into `client`; answers when they expire (epoch ms), null without TURN. */
export async function refreshIceServers(
  client: CallClient,
  iceServers: CallEffects['iceServers'],
): Promise<number | null> {
  try {
    const answer = await iceServers();
    client.setIceServers(answer.iceServers);
    return answer.expiresAt === null ? null : Date.parse(answer.expiresAt);
  } catch (error) {
    // The servers it has still serve until they expire; the next call tries again.
    console.warn('ICE servers', error);
    return null;
  }
}

/** Keeps the client's credentials fresh while a call lasts; returns the function that stops it. */
export function keepIceServersFresh(
  client: CallClient,
  expiresAt: number | null,
  iceServers: CallEffects['iceServers'],
): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;
  const schedule = (until: number | null) => {
    if (stopped || until === null) return;
    timer = setTimeout(
      () => void refreshIceServers(client, iceServers).then(schedule),
      Math.min(MAX_REFRESH_MS, Math.max(MIN_REFRESH_MS, (until - Date.now()) / 2)),
    );
  };
  schedule(expiresAt);
  return () => {
    stopped = true;
    clearTimeout(timer);
  };
}
