/** The notification centre's server part: its API (spec §7 "Notifications") and admin route. */
import type { ServerModule } from '../app';
import { notificationAdminRoutes } from './admin';
import { onChatMessageStored } from './offline-message-listener';
import { registerNotificationRoutes } from './routes';

export const notificationsModule: ServerModule = {
  name: 'notifications',
  api: (api, ctx) => registerNotificationRoutes(api, ctx),
  admin: notificationAdminRoutes,
  start(ctx) {
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
};
