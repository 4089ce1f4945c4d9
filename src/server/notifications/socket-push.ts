/**
 * Pushes a new notification to the provider's open app sockets (spec §4 Notifications): a server
 * message of type 3 (PUSH) holding a push message of type 2 (RED_DOT) on /queue/chat-private.
 * `notification.created` comes after the row's commit (createNotification announces it through
 * afterCommit), so one read finds it; a row gone since (read, or replaced by a newer MESSAGE
 * notification) and a category the provider muted are not pushed. A provider with no open socket
 * loses nothing: the notification centre lists it at the next visit.
 */
import { APP_SOCKET_SUBSCRIPTIONS, NOTIFICATION_TREE_KEYS } from '../../shared/app-socket';
import type { ServerContext } from '../context';
import type { DomainEvents } from '../events/event-bus';
import { isMuted } from './settings';
import { redDot } from './store';
import { PushType, ServerType } from '../socket/codec';
import type { SocketRegistry } from '../socket/registry';

export async function pushNotification(
  ctx: Pick<ServerContext, 'db' | 'log'>,
  registry: SocketRegistry,
  created: DomainEvents['notification.created'],
): Promise<number> {
  if (!registry.isOnline(created.providerId)) return 0;
  const row = await ctx.db
    .selectFrom('notifications')
    .leftJoin('notification_settings', 'notification_settings.provider_id', 'notifications.provider_id')
    .select(['notifications.read_at', 'notification_settings.muted_categories'])
    .where('notifications.id', '=', created.id)
    .executeTakeFirst();
  if (!row || row.read_at || isMuted(row.muted_categories, created.category)) return 0;
  const { unread } = await redDot(ctx.db, created.providerId);
  const message = {
    type: ServerType.PUSH,
    push: {
      type: PushType.RED_DOT,
      redDot: {
        key: NOTIFICATION_TREE_KEYS.root,
        count: unread,
        notificationId: created.id,
        category: created.category,
        title: created.title,
        body: created.body,
        createdAt: created.createdAt.getTime(),
      },
    },
  };
  return registry
    .forProvider(created.providerId)
    .filter((s) => s.deliver(APP_SOCKET_SUBSCRIPTIONS.chatPrivate.destination, message)).length;
}
