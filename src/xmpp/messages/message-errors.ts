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

export function createMessageErrors(onError: (event: MessageErrorEvent) => void) {
  return {
    /** Handles a `type="error"` message; true if it was one. */
    handle(stanza: XmlElement): boolean {
      if (stanza.attrs.type !== 'error') return false;
      onError({ id: stanza.attrs.id ?? '', error: parseStanzaError(stanza) });
      return true;
    },
  };
}
