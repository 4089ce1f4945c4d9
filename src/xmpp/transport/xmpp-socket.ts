/**
 * The part of a WebSocket the transport uses, which the browser's and `ws`'s share (RFC 7395
 * framing: one text message per element).
 */
export interface XmppSocket {
  readonly readyState: number;
  onopen: (() => void) | null;
  onmessage: ((event: { data: unknown }) => void) | null;
  onclose: ((event: { code: number }) => void) | null;
  onerror: (() => void) | null;
  send(text: string): void;
  close(code?: number): void;
  /** `ws` only: ends the TCP connection without a closing handshake. */
  terminate?(): void;
}

/** WebSocket.OPEN. */
export const SOCKET_OPEN = 1;
