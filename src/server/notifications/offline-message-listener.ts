/**
 * Connects chat history (issue 4) to the notification centre (issue 6): every stored chat
 * message to a provider who has no app socket open becomes a MESSAGE notification
 * (spec §4 Notifications, "new messages while the provider is offline").
 */
import type { ServerContext } from '../context';
import type { DomainEvents } from '../events/event-bus';
import { notifyOfflineMessage } from './offline-message';

/** Members remembered at most; past it the oldest is forgotten and read again when it comes back. */
const MAX_MEMBERS = 100_000;

/**
 * Chat users known to be members, who are never notified: a chat user's kind never changes
 * (chat_users.kind), so a message to a member costs no read once she is known (docs/performance.md
 * "Server": every stored message read the providers table).
 */
const members = new Set<number>();

function rememberMember(chatId: number): void {
  if (members.size >= MAX_MEMBERS) members.delete(members.values().next().value!);
  members.add(chatId);
}

export async function onChatMessageStored(
  ctx: ServerContext,
  event: DomainEvents['chat.message.stored'],
): Promise<number> {
  const recipients = event.recipientChatIds.filter((id) => !members.has(id));
  if (recipients.length === 0) return 0;
  const users = await ctx.db
    .selectFrom('chat_users')
    .leftJoin('providers', (join) =>
      join.onRef('providers.chat_id', '=', 'chat_users.id').on('providers.cancelled_at', 'is', null),
    )
    .select(['chat_users.id as chatId', 'chat_users.kind', 'providers.id as providerId'])
    .where('chat_users.id', 'in', recipients)
    .execute();
  for (const user of users) if (user.kind === 'member') rememberMember(user.chatId);
  const providers = users.flatMap((u) => (u.providerId === null ? [] : [u.providerId]));
  if (providers.length === 0) return 0;
  const sender = await ctx.db
    .selectFrom('chat_users')
    .select('full_name')
    .where('id', '=', event.senderChatId)
    .executeTakeFirst();
  let created = 0;
  for (const providerId of providers) {
    const id = await notifyOfflineMessage(ctx, {
      providerId,
      fromChatId: event.senderChatId,
      fromName: sender?.full_name || `#${event.senderChatId}`,
      preview: event.textPreview,
      attachmentCount: event.attachmentCount,
      dialogId: event.chatDialogId,
      messageId: event.messageId,
    });
    if (id !== null) created += 1;
  }
  return created;
}
