/**
 * Heart-beat negotiation, STOMP 1.2 "Heart-beating": the CONNECT frame says `cx,cy` (the client
 * can send every cx ms, wants to receive every cy ms), CONNECTED answers `sx,sy`. The server sends
 * every max(sx, cy) ms when both are non-zero, and expects the client every max(cx, sy) ms.
 */

export interface HeartBeatPlan {
  /** How often the server sends an EOL; 0 = never. */
  sendEveryMs: number;
  /** How often the client promised to send something; 0 = no check. */
  expectEveryMs: number;
}

/** "the remote end MAY consider the connection dead" after this many silent periods. */
export const HEARTBEAT_GRACE = 2;

export function parseHeartBeat(header: string | undefined): [number, number] | null {
  if (header === undefined) return [0, 0];
  const match = /^(\d+),(\d+)$/.exec(header.trim());
  return match ? [Number(match[1]), Number(match[2])] : null;
}

export function negotiate(client: [number, number], server: [number, number]): HeartBeatPlan {
  const [cx, cy] = client;
  const [sx, sy] = server;
  return {
    sendEveryMs: sx > 0 && cy > 0 ? Math.max(sx, cy) : 0,
    expectEveryMs: cx > 0 && sy > 0 ? Math.max(cx, sy) : 0,
  };
}
