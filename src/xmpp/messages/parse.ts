/** Reads received chat/groupchat messages, docs/wire/hosted-chat.md §14.3; pure. */
import { chatIdFromJid, dialogIdFromRoomJid, userIdFromOccupantJid } from '../addressing/jids';
import type { XmlElement } from '../xml/element';
import { decodeExtraParams } from './extra-params';
import { MARKERS_NS } from './types';
import type { CarbonDirection, ChatMessage } from './types';

const DELAY_NS = 'urn:xmpp:delay';

/** XEP-0203 `<delay/>` of a stanza, or null. */
export function parseDelay(stanza: XmlElement): ChatMessage['delay'] {
  const delay = stanza.child('delay', DELAY_NS);
  return delay ? { stamp: delay.attrs.stamp ?? '', from: delay.attrs.from ?? null } : null;
}

/**
 * The chat message in a stanza, or null when it is not one to show: another type, a MUC
 * invitation (wire §14.3 "Ignored: stanzas containing <invite>"), or no body and no extension
 * (e.g. a room subject).
 */
export function parseChatMessage(
  stanza: XmlElement,
  carbon: CarbonDirection | null = null,
): ChatMessage | null {
  const type = stanza.attrs.type;
  if (type !== 'chat' && type !== 'groupchat') return null;
  if (stanza.descendant('invite')) return null;
  const body = stanza.childText('body') ?? null;
  const extraParams = stanza.child('extraParams');
  if (body === null && !extraParams) return null;
  const extension = extraParams ? decodeExtraParams(extraParams).extension : null;
  const from = stanza.attrs.from ?? '';
  const to = stanza.attrs.to ?? '';
  const dialogFromExtension = typeof extension?.dialog_id === 'string' ? extension.dialog_id : null;
  return {
    id: stanza.attrs.id ?? '',
    type,
    from,
    to,
    userId: type === 'groupchat' ? userIdFromOccupantJid(from) : chatIdFromJid(from),
    dialogId: dialogFromExtension ?? (type === 'groupchat' ? dialogIdFromRoomJid(from) : null),
    recipientId: carbon ? chatIdFromJid(to) : null,
    body,
    extension,
    markable: stanza.child('markable', MARKERS_NS) !== undefined,
    delay: parseDelay(stanza),
    carbon,
  };
}
