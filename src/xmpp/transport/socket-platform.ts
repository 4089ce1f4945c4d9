/**
 * What the WebSocket transport needs from its platform, for Node: a WebSocket client (`ws`) and an
 * XML parser for each frame (`@xmldom/xmldom`). Browsers have both; `vite.config.ts` aliases this
 * file to `browser/socket-platform.ts` there (docs/performance.md "Route budgets").
 */
import { DOMParser } from '@xmldom/xmldom';
import WebSocket from 'ws';
import type { XmppSocket } from './xmpp-socket';

/** Opens a WebSocket with the `xmpp` sub-protocol (RFC 7395 §3.1). */
export function openSocket(url: string): XmppSocket {
  return new WebSocket(url, 'xmpp') as unknown as XmppSocket;
}

const parser = new DOMParser({
  onError: (level, message) => {
    if (level !== 'warning') throw new Error(message);
  },
});

/** One frame's element, or null when the frame is not well-formed XML. */
export function parseFrame(text: string): Element | null {
  try {
    return (parser.parseFromString(text, 'text/xml').documentElement as unknown as Element | null) ?? null;
  } catch {
    return null;
  }
}
