/**
 * Routes received stanzas (RFC 6120 §8: message, presence, iq) to the features, in the order
 * the composition root registers them. A handler returns true when it consumed the stanza, which
 * stops the chain (wire §14.4–14.5: handled markers and typing notifications stop there).
 */
import type { XmlElement } from '../xml/element';

export type StanzaKind = 'message' | 'presence' | 'iq';
export type StanzaHandler = (stanza: XmlElement) => boolean | void;

export interface StanzaRouter {
  on(kind: StanzaKind, handler: StanzaHandler): () => void;
  /** Offers a stanza to the handlers of its kind; returns true if one consumed it. */
  dispatch(stanza: XmlElement): boolean;
}

export function isStanza(element: XmlElement): boolean {
  return element.name === 'message' || element.name === 'presence' || element.name === 'iq';
}

export function createStanzaRouter(): StanzaRouter {
  const handlers: Record<StanzaKind, StanzaHandler[]> = { message: [], presence: [], iq: [] };
  return {
    on(kind, handler) {
      handlers[kind].push(handler);
      return () => {
        handlers[kind] = handlers[kind].filter((h) => h !== handler);
      };
    },
    dispatch(stanza) {
      const list = handlers[stanza.name as StanzaKind];
      if (!list) return false;
      for (const handler of list) if (handler(stanza) === true) return true;
      return false;
    },
  };
}
