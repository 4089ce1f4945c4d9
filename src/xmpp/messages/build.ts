/** Builds outgoing chat/groupchat messages, ../shared/protocols/hosted-chat-wire.md §14.2. */
import { xml, type XmlElement } from '../xml/element';
import { CLIENT_NS, encodeExtraParams, type ExtraParamsInput } from './extra-params';
import type { MessageType } from './types';

export const MARKERS_NS = 'urn:xmpp:chat-markers:0';

export interface MessageFields {
  id: string;
  to: string;
  type: MessageType;
  /** Our full JID (wire §11: outgoing stanzas carry it). */
  from?: string;
  body?: string;
  markable?: boolean;
  extension?: ExtraParamsInput;
}

export function buildChatMessage(m: MessageFields): XmlElement {
  return xml(
    'message',
    { from: m.from || undefined, to: m.to, type: m.type, id: m.id },
    m.body !== undefined && xml('body', { xmlns: CLIENT_NS }, m.body),
    m.markable === true && xml('markable', { xmlns: MARKERS_NS }),
    m.extension !== undefined && encodeExtraParams(m.extension),
  );
}
