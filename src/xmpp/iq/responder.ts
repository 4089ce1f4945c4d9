/**
 * Answers iq get/set requests addressed to us (RFC 6120 §8.2.3): a registered handler per
 * payload (name + namespace) returns the result payload or throws a StanzaError; anything else
 * gets `service-unavailable` (RFC 6120 §8.4 "MUST return an error").
 */
import { StanzaError } from '../errors/errors';
import { xml, type XmlElement } from '../xml/element';

const STANZAS_NS = 'urn:ietf:params:xml:ns:xmpp-stanzas';

/** Returns the payload of the result iq (or nothing for an empty result). */
export type IqHandler = (iq: XmlElement, payload: XmlElement) => XmlElement | void;

export interface IqResponder {
  /** Registers the handler for requests of this type whose payload is `name` in `ns`. */
  on(type: 'get' | 'set', name: string, ns: string, handler: IqHandler): void;
  /** Offers a received iq; answers it if it is a get/set. Returns true if it was one. */
  handle(iq: XmlElement): boolean;
}

export function createIqResponder({ send }: { send(stanza: XmlElement): void }): IqResponder {
  const handlers = new Map<string, IqHandler>();
  const key = (type: string, name: string, ns: string) => `${type} ${name} ${ns}`;

  const reply = (iq: XmlElement, type: 'result' | 'error', ...children: XmlElement[]) =>
    send(xml('iq', { type, id: iq.attrs.id, to: iq.attrs.from }, ...children));

  return {
    on(type, name, ns, handler) {
      handlers.set(key(type, name, ns), handler);
    },
    handle(iq) {
      const type = iq.attrs.type;
      if (type !== 'get' && type !== 'set') return false;
      const payload = iq.elements()[0];
      const handler = payload && handlers.get(key(type, payload.name, payload.ns));
      if (!payload || !handler) {
        reply(iq, 'error', errorElement('service-unavailable', 'cancel'));
        return true;
      }
      try {
        const result = handler(iq, payload);
        reply(iq, 'result', ...(result ? [result] : []));
      } catch (error) {
        if (!(error instanceof StanzaError)) throw error;
        reply(iq, 'error', errorElement(error.condition ?? 'undefined-condition', error.type));
      }
      return true;
    },
  };
}

function errorElement(condition: string, type: string): XmlElement {
  return xml('error', { type }, xml(condition, { xmlns: STANZAS_NS }));
}
