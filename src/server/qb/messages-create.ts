/**
 * `POST /chat/Message.json` (docs/wire/hosted-chat.md §5.2 create): `chat_dialog_id` or
 * `recipient_id`, `message`, `attachments` (the sender's own files, docs/security.md "File
 * access"), custom fields at the top level, `markable`, and `send_to_chat=1` to also deliver over
 * XMPP — the XMPP copy has stanza id = `_id` and carries `save_to_history`, `dialog_id`,
 * `date_sent` and the custom fields in its extension. The message is stored first: if the chat
 * server cannot take the copy, it stays in the history (and the recipients find it there) and the
 * failure is logged.
 */
import type { FastifyBaseLogger } from 'fastify';
import { ownedAttachmentBlobs } from '../blobs/attachments';
import type { ServerContext } from '../context';
import type { ChatHistory } from '../chat-history/history';
import {
  canPost,
  ensurePrivateDialog,
  findDialog,
  opponentOf,
  PRIVATE,
  type DialogRow,
} from '../chat-history/dialogs';
import type { MessageRow } from '../chat-history/messages';
import { ChatServerUnavailable } from '../chat-history/prosody-bridge';
import { attachmentsOf } from '../chat-history/report';
import { newObjectId } from '../chat-history/object-id';
import { flag, int, int32, obj, str, type Params } from './params';
import { QbError } from './wire';

const RESERVED = new Set([
  'chat_dialog_id',
  'recipient_id',
  'message',
  'send_to_chat',
  'markable',
  'attachments',
  'token',
  'save_to_history',
  'dialog_id',
  'date_sent',
  'message_id',
  'system',
]);

/** Custom fields become XML elements of the extension (§14.2), so their names must be XML names. */
const FIELD_NAME = /^[A-Za-z_][A-Za-z0-9_.-]{0,63}$/;
const MAX_BODY = 65_536;

/** The custom fields of a create request (everything not reserved), checked as XML names. */
export function customFieldsOf(params: Params): Record<string, unknown> {
  const custom: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(params)) {
    if (RESERVED.has(key)) continue;
    if (!FIELD_NAME.test(key)) throw QbError.invalid(key, 'is not a valid custom field name');
    custom[key] = typeof value === 'object' && value !== null ? value : (str(value) ?? '');
  }
  return custom;
}

function attachmentsFrom(raw: unknown): Array<Record<string, unknown>> {
  if (raw === undefined) return [];
  const items = Array.isArray(raw) ? raw : obj(raw) ? Object.values(obj(raw)!) : null;
  if (!items || !items.every((a) => obj(a) && str(obj(a)!.type))) {
    throw QbError.invalid('attachments', 'must be objects with at least a type');
  }
  return items as Array<Record<string, unknown>>;
}

export async function dialogFor(ctx: ServerContext, me: number, params: Params): Promise<DialogRow> {
  const dialogId = str(params.chat_dialog_id);
  if (dialogId) {
    const dialog = await findDialog(ctx.db, dialogId);
    if (!dialog || !canPost(dialog, me)) throw QbError.notFound('Dialog');
    return dialog;
  }
  const recipient = int32(params.recipient_id);
  if (recipient === undefined)
    throw QbError.invalid('chat_dialog_id', "can't be blank (or give recipient_id)");
  if (recipient === me) throw QbError.invalid('recipient_id', 'cannot be yourself');
  const exists = await ctx.db
    .selectFrom('chat_users')
    .select('id')
    .where('id', '=', recipient)
    .executeTakeFirst();
  if (!exists) throw QbError.invalid('recipient_id', 'is not a user');
  return ensurePrivateDialog(ctx.db, me, recipient);
}

export async function createMessage(
  ctx: ServerContext,
  history: ChatHistory,
  me: number,
  params: Params,
  log: FastifyBaseLogger,
): Promise<{ message: MessageRow; dialog: DialogRow }> {
  const body = str(params.message) ?? '';
  if (body.length > MAX_BODY)
    throw QbError.invalid('message', `is too long (maximum is ${MAX_BODY} characters)`);
  const attachments = attachmentsOf(attachmentsFrom(params.attachments));
  if (!body.trim() && attachments.length === 0) throw QbError.invalid('message', "can't be blank");
  // docs/security.md "File access": an attachment is a file the sender uploaded, nothing else.
  const owned = await ownedAttachmentBlobs(ctx.db, me, attachments);
  const foreign = owned.indexOf(null);
  if (foreign >= 0) {
    throw QbError.invalid(
      'attachments',
      `attachment ${foreign + 1} must give the id or uid of a file you uploaded`,
    );
  }
  const custom = customFieldsOf(params);
  const dialog = await dialogFor(ctx, me, params);
  const dateSent = int(params.date_sent) ?? Math.floor(Date.now() / 1000);
  const id = newObjectId();
  const message = {
    id,
    dialogId: dialog.id,
    senderId: me,
    recipientId: dialog.type === PRIVATE ? opponentOf(dialog, me) : null,
    body,
    dateSent,
    attachments,
    custom,
    markable: flag(params.markable),
  };
  await history.record(message, dialog);
  if (flag(params.send_to_chat)) {
    try {
      await history.deliver(message, dialog, custom);
    } catch (error) {
      if (!(error instanceof ChatServerUnavailable)) throw error;
      log.warn({ err: error, messageId: id }, 'message stored but not delivered over XMPP');
    }
  }
  const row = await ctx.db
    .selectFrom('chat_messages')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { message: row, dialog };
}
