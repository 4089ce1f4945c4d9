/**
 * Builds outgoing chat/groupchat messages, docs/wire/hosted-chat.md §14.2. Unlike
 * the vendor SDK we send no `from`: the server stamps it (RFC 6120 §8.1.2.1), so a stanza re-sent
 * on a new session can never carry a stale one (docs/lessons.md §7), and every message is smaller.
 * `<body/>` inherits jabber:client from the message.
 */
import { xml, type XmlElement } from '../xml/element';
import { encodeExtraParams, type ExtraParamsInput } from './extra-params';
import type { MessageType } from './types';

export const MARKERS_NS = 'urn:xmpp:chat-markers:0';

export interface MessageFields {
  id: string;
  to: string;
  type: MessageType;
  body?: string;
  markable?: boolean;
  extension?: ExtraParamsInput;
}

export function buildChatMessage(m: MessageFields): XmlElement {
  return xml(
    'message',
    { to: m.to, type: m.type, id: m.id },
    m.body !== undefined && xml('body', {}, m.body),
    m.markable === true && xml('markable', { xmlns: MARKERS_NS }),
    m.extension !== undefined && encodeExtraParams(m.extension),
  );
}
