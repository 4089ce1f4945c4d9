/**
 * The notification centre's server part: its API (spec §7 "Notifications"), admin route, the
 * offline-message notifications, and the push of each new notification to open app sockets.
 */
import type { ServerModule } from '../app';
import { appSockets } from '../socket/registry';
import { notificationAdminRoutes } from './admin';
import { onChatMessageStored } from './offline-message-listener';
import { registerNotificationRoutes } from './routes';
import { pushNotification } from './socket-push';

let unsubscribe: (() => void)[] = [];

export const notificationsModule: ServerModule = {
  name: 'notifications',
  api: (api, ctx) => registerNotificationRoutes(api, ctx),
  admin: notificationAdminRoutes,
  start(ctx) {
    unsubscribe = [
      ctx.events.on('notification.created', async (created) => {
        await pushNotification(ctx, appSockets, created);
      }),
    ];
    ctx.events.on('chat.message.stored', async (event) => {
      try {
        await onChatMessageStored(ctx, event);
      } catch (error) {
        ctx.log.error(
          { err: error, messageId: event.messageId },
          'could not notify an offline provider of a message',
        );
      }
    });
  },
  stop() {
    for (const off of unsubscribe) off();
    unsubscribe = [];
  },
};
