/**
 * Reads a stanza's `<error/>` (RFC 6120 §8.3, with the legacy `code` attribute of XEP-0086 that
 * the vendor reads, wire §14.7) into a {@link StanzaError}.
 */
import type { XmlElement } from '../xml/element';
import { StanzaError } from './errors';

const STANZAS_NS = 'urn:ietf:params:xml:ns:xmpp-stanzas';

/** XEP-0086 §3: the legacy code for a defined condition. */
const LEGACY_CODES: Readonly<Record<string, number>> = {
  'bad-request': 400,
  conflict: 409,
  'feature-not-implemented': 501,
  forbidden: 403,
  gone: 302,
  'internal-server-error': 500,
  'item-not-found': 404,
  'jid-malformed': 400,
  'not-acceptable': 406,
  'not-allowed': 405,
  'not-authorized': 401,
  'payment-required': 402,
  'policy-violation': 403,
  'recipient-unavailable': 404,
  redirect: 302,
  'registration-required': 407,
  'remote-server-not-found': 404,
  'remote-server-timeout': 504,
  'resource-constraint': 500,
  'service-unavailable': 503,
  'subscription-required': 407,
  'undefined-condition': 500,
  'unexpected-request': 400,
};

/** The StanzaError of a `type="error"` stanza; `undefined-condition` if it has no `<error/>`. */
export function parseStanzaError(stanza: XmlElement): StanzaError {
  const error = stanza.child('error');
  const id = stanza.attr('id') ?? null;
  if (!error) return new StanzaError({ condition: 'undefined-condition', id });
  const conditionElement = error.elements().find((e) => e.ns === STANZAS_NS && e.name !== 'text');
  const condition = conditionElement?.name ?? 'undefined-condition';
  const legacy = Number.parseInt(error.attr('code') ?? '', 10);
  return new StanzaError({
    condition,
    type: error.attr('type'),
    text: error.childText('text', STANZAS_NS) ?? null,
    code: Number.isFinite(legacy) ? legacy : (LEGACY_CODES[condition] ?? 500),
    id,
  });
}
