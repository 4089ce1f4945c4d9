/**
 * Dialogs and messages in the vendor's shapes (docs/wire/hosted-chat.md §5.1 "Dialog object", §5.2
 * "Message object"): bare objects, ISO seconds for `created_at`/`updated_at`, Unix seconds for
 * `date_sent`, custom message fields at the top level.
 */
import { roomJid } from '../../shared/chat-address';
import type { DialogRow } from '../chat-history/dialogs';
import type { MessageRow } from '../chat-history/messages';
import { PRIVATE } from '../chat-history/dialogs';
import { isoSeconds } from './wire';

export interface DialogView {
  viewerId: number;
  appId: number;
  domain: string;
  unread: number;
  /** The other occupant's name, for a private dialog. */
  privateName?: string;
}

export function dialogJson(row: DialogRow, view: DialogView) {
  return {
    _id: row.id,
    created_at: isoSeconds(row.created_at),
    updated_at: isoSeconds(row.updated_at),
    last_message: row.last_message,
    last_message_date_sent: row.last_message_date_sent,
    last_message_id: row.last_message_id,
    last_message_user_id: row.last_message_user_id,
    name: row.type === PRIVATE ? (view.privateName ?? row.name) : row.name,
    occupants_ids: row.occupant_ids,
    photo: row.photo,
    type: row.type,
    user_id: row.owner_id,
    xmpp_room_jid: row.type === PRIVATE ? null : roomJid(row.id, view.appId, view.domain),
    unread_messages_count: view.unread,
    // §5.1: a private dialog is never joinable, whatever an older row holds.
    is_joinable: row.type !== PRIVATE && row.is_joinable ? 1 : 0,
    ...(row.data ? { data: row.data } : {}),
  };
}

const RESERVED = new Set([
  '_id',
  'created_at',
  'updated_at',
  'chat_dialog_id',
  'message',
  'date_sent',
  'sender_id',
  'recipient_id',
  'read',
  'read_ids',
  'delivered_ids',
  'attachments',
]);

export function messageJson(row: MessageRow, dialogType: number) {
  const custom = Object.fromEntries(Object.entries(row.custom).filter(([key]) => !RESERVED.has(key)));
  return {
    ...custom,
    _id: row.id,
    attachments: row.attachments,
    chat_dialog_id: row.dialog_id,
    created_at: isoSeconds(row.created_at),
    date_sent: row.date_sent,
    delivered_ids: row.delivered_ids,
    message: row.body || null,
    read_ids: row.read_ids,
    recipient_id: row.recipient_id ?? 0,
    sender_id: row.sender_id,
    updated_at: isoSeconds(row.updated_at),
    // Deprecated `read`: 1 once the other side of a private dialog read it (docs, Message Model).
    read: dialogType === PRIVATE && row.read_ids.some((id) => id !== row.sender_id) ? 1 : 0,
  };
}
