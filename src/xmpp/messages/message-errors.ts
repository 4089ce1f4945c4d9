/**
 * Bounced messages, docs/wire/hosted-chat.md §14.7 and spec §8 ("Message errors go
 * to an error listener with the message id"): a `type="error"` message becomes a StanzaError
 * carrying the id of the message that failed (e.g. one a privacy list refused).
 */
import type { StanzaError } from '../errors/errors';
import { parseStanzaError } from '../errors/parse';
import type { XmlElement } from '../xml/element';

/** A message that came back as an error. */
export interface MessageErrorEvent {
  /** The id of the message we sent. */
  id: string;
  error: StanzaError;
}

/** The bounce a `type="error"` message reports, or null for any other message. */
export function parseMessageError(stanza: XmlElement): MessageErrorEvent | null {
  if (stanza.attrs.type !== 'error') return null;
  return { id: stanza.attrs.id ?? '', error: parseStanzaError(stanza) };
}
