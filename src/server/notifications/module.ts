/** The notification centre's server part: its API (spec §7 "Notifications") and admin route. */
import type { ServerModule } from '../app';
import { notificationAdminRoutes } from './admin';
import { registerNotificationRoutes } from './routes';

export const notificationsModule: ServerModule = {
  name: 'notifications',
  api: (api, ctx) => registerNotificationRoutes(api, ctx),
  admin: notificationAdminRoutes,
};
