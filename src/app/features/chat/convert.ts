/**
 * From the wire to the portal's chat values: history messages of the chat-service REST
 * (docs/wire/hosted-chat.md §5.2), live XMPP messages (§14.3) and the own API's dialogs (spec §7).
 */
import { readCallRecord } from '../../../shared/call-record';
import { isPrivateDialog } from '../../../shared/dialog-type';
import type { Message } from '../../../rest';
import type { ProviderDialog } from '../../../shared/api/chat';
import type { ChatMessage, DialogDescriptor } from '../../../xmpp';
import type { DialogView } from './chat-state';
import type { ChatEntry, EntryAttachment } from './entries';

/** What members' SDKs put in the body of a message that only carries attachments. */
export const ATTACHMENT_BODY = '[attachment]';

/**
 * The order entries are first seen in (`ChatEntry.seq`), the tie-break within one millisecond
 * (entries.ts `compareEntries`): one per chat store (chat-store.ts), whose entries it numbers.
 */
export interface EntrySequence {
  /** A live entry: after everything seen before. */
  live(): number;
  /** The first of a history page of `size`: below everything seen before, chronological within the page. */
  page(size: number): number;
}

export function createEntrySequence(): EntrySequence {
  let live = 0;
  let history = 0;
  return {
    live: () => ++live,
    page(size) {
      history -= size + 1;
      return history;
    },
  };
}

function attachmentsOf(list: unknown): EntryAttachment[] {
  if (!Array.isArray(list)) return [];
  return list.map((a: Record<string, unknown>) => ({
    id: a.id === undefined ? undefined : String(a.id),
    uid: a.uid === undefined ? undefined : String(a.uid),
    type: a.type === undefined ? undefined : String(a.type),
    name: a.name === undefined ? undefined : String(a.name),
    size: a.size === undefined ? undefined : Number(a.size),
    url: a.url === undefined ? undefined : String(a.url),
  }));
}

/**
 * A page of history as entries, in the order the server gave it. Within one second (dates are
 * whole seconds) the server orders by arrival, so a newest-first page is reversed, not re-sorted.
 */
export function entriesFromHistory(
  messages: Message[],
  order: 'asc' | 'desc',
  sequence: EntrySequence,
): ChatEntry[] {
  const oldestFirst = order === 'desc' ? [...messages].reverse() : [...messages];
  // A stable sort keeps the server's order within a second.
  const chronological = oldestFirst.sort((a, b) => a.date_sent - b.date_sent);
  const base = sequence.page(chronological.length);
  return chronological.map((m, i) => ({
    id: m._id,
    dialogId: m.chat_dialog_id,
    senderId: m.sender_id,
    body: m.message ?? '',
    attachments: attachmentsOf(m.attachments),
    // Custom fields come back at the top level of a history message (docs/wire/hosted-chat.md §5.2).
    call: readCallRecord(m, m.message ?? ''),
    sentAt: m.date_sent * 1000,
    serverDate: m.date_sent,
    seq: base + i,
    onServer: true,
    failed: false,
    deliveredTo: m.delivered_ids ?? [],
    readBy: m.read_ids ?? [],
  }));
}

/** A live message (or a carbon of one we sent elsewhere) as an entry. */
export function entryFromLive(
  message: ChatMessage,
  dialogId: string,
  me: number,
  sequence: EntrySequence,
  now = Date.now(),
): ChatEntry {
  const stamped = Number(message.extension?.date_sent);
  const serverDate = Number.isInteger(stamped) && stamped > 0 ? stamped : null;
  const delayed = message.delay ? Date.parse(message.delay.stamp) : Number.NaN;
  const senderId = message.carbon === 'sent' ? me : (message.userId ?? 0);
  return {
    id: message.id,
    dialogId,
    senderId,
    body: message.body ?? '',
    attachments: attachmentsOf(message.extension?.attachments),
    call: readCallRecord(message.extension, message.body ?? ''),
    // Live messages are placed by this browser's clock, like our own; offline ones by their delay.
    sentAt: Number.isNaN(delayed) ? now : delayed,
    serverDate,
    seq: sequence.live(),
    onServer: true,
    failed: false,
    deliveredTo: [],
    readBy: senderId === me ? [me] : [],
  };
}

/** Our own message before the server has it (spec §3 status "wait for send"). */
export function ownEntry(
  fields: { id: string; dialogId: string; me: number; body: string; attachments?: EntryAttachment[] },
  sequence: EntrySequence,
  now = Date.now(),
): ChatEntry {
  return {
    id: fields.id,
    dialogId: fields.dialogId,
    senderId: fields.me,
    body: fields.body,
    attachments: fields.attachments ?? [],
    call: null,
    sentAt: now,
    serverDate: null,
    seq: sequence.live(),
    onServer: false,
    failed: false,
    deliveredTo: [],
    readBy: [fields.me],
  };
}

/** What the chat stack needs to address a dialog (src/xmpp sendToDialog). */
export function dialogAddress(dialog: DialogView): DialogDescriptor {
  return { id: dialog.id, type: dialog.type, memberId: dialog.clientChatId };
}

export function dialogFromApi(d: ProviderDialog, me: number | null): DialogView {
  return {
    id: d.dialogId,
    type: d.type,
    name: d.name,
    avatar: d.client?.avatar ?? d.photo,
    clientChatId: isPrivateDialog(d.type)
      ? (d.client?.id ?? d.occupantIds.find((id) => id !== me) ?? null)
      : null,
    occupantIds: d.occupantIds,
    lastMessage: d.lastMessage,
    lastMessageId: d.lastMessageId,
    lastMessageAt: d.lastMessageDateSent === null ? null : d.lastMessageDateSent * 1000,
    lastCall: d.lastMessageCall,
    unread: d.unreadMessagesCount,
  };
}
