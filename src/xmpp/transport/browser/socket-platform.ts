/**
 * The browser's stand-in for `../socket-platform.ts` (docs/performance.md "Route budgets"): the
 * page's own WebSocket and DOMParser, so `ws` and the Node parser stay out of the bundle
 * (`vite.config.ts` aliases the import).
 */
import { fromDom } from '../../xml/dom';
import type { XmlElement } from '../../xml/element';
import type { XmppSocket } from '../xmpp-socket';

/** Opens a WebSocket with the `xmpp` sub-protocol (RFC 7395 §3.1). */
export function openSocket(url: string): XmppSocket {
  return new WebSocket(url, 'xmpp') as unknown as XmppSocket;
}

/** One frame's element, or null when the frame is not well-formed XML. */
export function parseFrame(text: string): XmlElement | null {
  const root = new DOMParser().parseFromString(text, 'text/xml').documentElement;
  if (!root || root.nodeName === 'parsererror' || root.getElementsByTagName('parsererror').length > 0) {
    return null;
  }
  return fromDom(root);
}
