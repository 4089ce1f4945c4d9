/**
 * Connects chat history (issue 4) to the notification centre (issue 6): every stored chat
 * message to a provider who has no app socket open becomes a MESSAGE notification
 * (spec §4 Notifications, "new messages while the provider is offline").
 */
import type { ServerContext } from '../context';
import type { DomainEvents } from '../events/event-bus';
import { notifyOfflineMessage } from './offline-message';

export async function onChatMessageStored(
  ctx: ServerContext,
  event: DomainEvents['chat.message.stored'],
): Promise<number> {
  if (event.recipientChatIds.length === 0) return 0;
  const providers = await ctx.db
    .selectFrom('providers')
    .select(['id', 'chat_id'])
    .where('chat_id', 'in', event.recipientChatIds)
    .where('cancelled_at', 'is', null)
    .execute();
  if (providers.length === 0) return 0;
  const sender = await ctx.db
    .selectFrom('chat_users')
    .select('full_name')
    .where('id', '=', event.senderChatId)
    .executeTakeFirst();
  let created = 0;
  for (const provider of providers) {
    const id = await notifyOfflineMessage(ctx, {
      providerId: provider.id,
      fromChatId: event.senderChatId,
      fromName: sender?.full_name || `#${event.senderChatId}`,
      preview: event.textPreview,
      attachmentCount: event.attachmentCount,
      dialogId: event.chatDialogId,
    });
    if (id !== null) created += 1;
  }
  return created;
}
