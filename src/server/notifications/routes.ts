/** The notification endpoints of spec §7 "Notifications" (contract: src/shared/api/notifications.ts). */
import type { FastifyInstance } from 'fastify';
import * as api from '../../shared/api/notifications';
import type { ServerContext } from '../context';
import { registerEndpoint } from '../http/route';
import { getSettings, saveSettings } from './settings';
import {
  categorySummaries,
  listNotifications,
  markAllRead,
  markRead,
  notificationTree,
  redDot,
} from './store';

export function registerNotificationRoutes(app: FastifyInstance, ctx: ServerContext): void {
  registerEndpoint(app, ctx, api.markRead, ({ session, query }) =>
    markRead(ctx.db, session.providerId, query.id),
  );
  registerEndpoint(app, ctx, api.refresh, ({ session }) => redDot(ctx.db, session.providerId));
  registerEndpoint(app, ctx, api.markReadAll, ({ session, query }) =>
    markAllRead(ctx.db, session.providerId, query.category),
  );
  registerEndpoint(app, ctx, api.notificationTree, ({ session }) =>
    notificationTree(ctx.db, session.providerId),
  );
  registerEndpoint(app, ctx, api.listMessages, ({ session, query }) =>
    listNotifications(ctx.db, session.providerId, query),
  );
  registerEndpoint(app, ctx, api.messageCategory, ({ session }) =>
    categorySummaries(ctx.db, session.providerId),
  );
  registerEndpoint(app, ctx, api.saveNotificationSetting, ({ session, body }) =>
    saveSettings(ctx.db, session.providerId, body.push),
  );
  registerEndpoint(app, ctx, api.getNotificationSetting, ({ session }) =>
    getSettings(ctx.db, session.providerId),
  );
}
