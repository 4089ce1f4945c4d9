/**
 * What the WebSocket transport needs from its platform, for Node: a WebSocket client (`ws`) and a
 * parser of each frame's element (xml/parse-frame.ts). Browsers have a WebSocket and DOMParser;
 * `vite.config.ts` aliases this file to `browser/socket-platform.ts` there (docs/performance.md
 * "Route budgets").
 */
import WebSocket from 'ws';
import type { XmlElement } from '../xml/element';
import { parseFrameText } from '../xml/parse-frame';
import type { XmppSocket } from './xmpp-socket';

/** Opens a WebSocket with the `xmpp` sub-protocol (RFC 7395 §3.1). */
export function openSocket(url: string): XmppSocket {
  return new WebSocket(url, 'xmpp') as unknown as XmppSocket;
}

/** One frame's element, or null when the frame is not well-formed XML. */
export function parseFrame(text: string): XmlElement | null {
  try {
    return parseFrameText(text);
  } catch {
    return null;
  }
}
