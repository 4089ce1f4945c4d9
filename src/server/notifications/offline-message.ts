/**
 * "New messages while the provider is offline" (spec §4 Notifications): the chat history hook
 * (issue 4) calls {@link notifyOfflineMessage} for every member message to a provider. A provider
 * with the portal open (an app socket, on any server process: socket/presence.ts) sees the message
 * live and gets no notification; otherwise
 * one MESSAGE notification per sender stays unread, replaced by the newest message with a count.
 */
import { sql } from 'kysely';
import type { ServerContext } from '../context';
import { newestMessage } from '../chat-history/messages';
import { textPreview } from '../chat-history/preview';
import { inTransaction } from '../db/transaction';
import { localPresence, type ProviderPresence } from '../socket/presence';
import { appSockets } from '../socket/registry';
import { createNotification } from './create-notification';

export interface OfflineMessage {
  providerId: number;
  /** Chat id of the member who wrote. */
  fromChatId: number;
  fromName: string;
  /** The message text (shortened here); empty for a message of attachments only. */
  preview: string;
  attachmentCount?: number;
  dialogId?: string;
  /**
   * The stored message's id. One sender's messages may be reported out of order (PostgreSQL
   * takes them side by side), and the notification keeps the text of the one the history puts
   * last (newestMessage). Within one second of `date_sent` only the history knows that order: a
   * client's ids need not grow.
   */
  messageId?: string;
}

/** Returns the notification id, or null when the provider is online. */
export async function notifyOfflineMessage(
  ctx: Pick<ServerContext, 'db' | 'events' | 'presence'>,
  message: OfflineMessage,
  presence: ProviderPresence = ctx.presence ?? localPresence(appSockets),
): Promise<number | null> {
  if (await presence.isOnline(message.providerId)) return null;
  const text = textPreview(message.preview);
  const attachments = message.attachmentCount ?? 0;
  // The English body names attachments in words; the template's preview stays language-neutral.
  const preview =
    text || (attachments > 0 ? `📎 ${attachments} attachment${attachments === 1 ? '' : 's'}` : '');
  const neutralPreview = text || (attachments > 0 ? `📎 ×${attachments}` : '');
  return inTransaction(ctx.db, async (db) => {
    // One sender's messages are reported side by side on PostgreSQL's pool: without a lock per
    // provider and sender, two transactions both found no earlier notification and both made one.
    await sql`select pg_advisory_xact_lock(hashtext(${`offline-message|${message.providerId}|${message.fromChatId}`}))`.execute(
      db,
    );
    const earlier = await db
      .selectFrom('notifications')
      .select(['id', 'data', 'body', 'params'])
      .where('provider_id', '=', message.providerId)
      .where('category', '=', 'MESSAGE')
      .where('read_at', 'is', null)
      .where((eb) => eb(eb.ref('data', '->>').key('fromChatId'), '=', String(message.fromChatId)))
      .execute();
    const count = earlier.reduce((n, row) => n + (Number(row.data.count) || 1), 0) + 1;
    // A message the history puts before the one the notification shows adds to the count, not its text.
    const shownIds = earlier.flatMap((row) =>
      typeof row.data.messageId === 'string' ? [row.data.messageId] : [],
    );
    const newest =
      message.messageId === undefined || shownIds.length === 0
        ? message.messageId
        : await newestMessage(db, [message.messageId, ...shownIds]);
    const shown =
      newest === undefined || newest === message.messageId
        ? undefined
        : earlier.find((row) => row.data.messageId === newest);
    const messageId = shown ? newest : message.messageId;
    if (earlier.length > 0) {
      await db
        .deleteFrom('notifications')
        .where(
          'id',
          'in',
          earlier.map((r) => r.id),
        )
        .execute();
    }
    return createNotification(
      { db, events: ctx.events },
      {
        providerId: message.providerId,
        category: 'MESSAGE',
        title:
          count > 1
            ? `${count} new messages from ${message.fromName}`
            : `New message from ${message.fromName}`,
        body: shown ? shown.body : preview,
        template: {
          key: 'message.received',
          params: {
            fromName: message.fromName,
            count,
            preview: shown ? String(shown.params.preview ?? '') : neutralPreview,
          },
        },
        data: {
          fromChatId: message.fromChatId,
          count,
          ...(message.dialogId ? { dialogId: message.dialogId } : {}),
          ...(messageId === undefined ? {} : { messageId }),
        },
      },
    );
  });
}
