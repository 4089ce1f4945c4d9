/**
 * Builds outgoing chat/groupchat messages, docs/wire/hosted-chat.md §14.2, and a dialog's message
 * (wire §5.1 dialog types): a private dialog's goes to the other member as `chat` and asks for
 * markers (receipts are one-to-one only, spec §4 Messaging); a group's goes to the dialog's room as
 * `groupchat`. Either way the extension carries `save_to_history` and `dialog_id`, so the server
 * keeps the message in the dialog's history, and the attachments, if any. Unlike the vendor SDK we
 * send no `from`: the server stamps it (RFC 6120 §8.1.2.1), so a stanza re-sent on a new session
 * can never carry a stale one (docs/lessons.md §7), and every message is smaller. `<body/>`
 * inherits jabber:client from the message.
 */
import { isPrivateDialog, type DialogTypeCode } from '../../shared/dialog-type';
import type { Addressing } from '../addressing/jids';
import { XmppError } from '../errors/errors';
import { xml, type XmlElement } from '../xml/element';
import { encodeExtraParams, type Attachment, type ExtraParamsInput } from './extra-params';
import { MARKERS_NS, type MessageType, type OutgoingMessage } from './types';

/** What the chat stack needs to know of a dialog to address it. */
export interface DialogDescriptor {
  /** The dialog's 24-hex id. */
  id: string;
  type: DialogTypeCode;
  /** The other member's chat id of a private dialog (null for groups, or while unknown). */
  memberId: number | null;
}

/** A text or attachment message to a dialog. */
export interface DialogMessage {
  /** Defaults to a new 24-hex ObjectId. */
  id?: string;
  body: string;
  attachments?: readonly Attachment[];
  /**
   * Custom fields of the extension (wire §5.2, saved to history with the message), e.g. a call
   * record's; `save_to_history`, `dialog_id` and `attachments` are the dialog's own and win.
   */
  fields?: Readonly<Record<string, string>>;
}

/** Where a dialog's stanzas go: the member's chat id, or the room JID; null while the member is unknown. */
export function dialogRecipient(dialog: DialogDescriptor, addressing: Addressing): number | string | null {
  return isPrivateDialog(dialog.type) ? dialog.memberId : addressing.roomOf(dialog.id);
}

/** The recipient and the message of wire §14.2 for a dialog; throws when a private dialog has no member. */
export function dialogMessage(
  dialog: DialogDescriptor,
  message: DialogMessage,
  addressing: Addressing,
): { to: number | string; message: OutgoingMessage } {
  const to = dialogRecipient(dialog, addressing);
  if (to === null) throw new XmppError(`The private dialog ${dialog.id} has no known member to send to`);
  const direct = isPrivateDialog(dialog.type);
  const attachments = message.attachments ?? [];
  return {
    to,
    message: {
      ...(message.id ? { id: message.id } : {}),
      type: direct ? 'chat' : 'groupchat',
      body: message.body,
      markable: direct,
      extension: {
        ...message.fields,
        save_to_history: 1,
        dialog_id: dialog.id,
        ...(attachments.length > 0 ? { attachments } : {}),
      },
    },
  };
}

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
