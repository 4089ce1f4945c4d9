/** The notification endpoints of spec §7 "Notifications" (contract: src/shared/api/notifications.ts). */
import type { FastifyInstance } from 'fastify';
import * as api from '../../shared/api/notifications';
import type { ServerContext } from '../context';
import { recordMemberReads, type MemberRead } from '../access-log/record-access';
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

/**
 * Notifications that quote a member (docs/security.md "Health-data access log"): an offline
 * message's preview (`chat-preview`), and the topic or the reason of a booking she made or
 * cancelled (`consultation`). Other notifications name her at most.
 */
export function notificationReads(records: readonly api.NotificationItem[]): MemberRead[] {
  return records.flatMap((n): MemberRead[] => {
    const { data, params } = n;
    if (n.template === 'message.received' && typeof data.fromChatId === 'number') {
      const dialogId = typeof data.dialogId === 'string' ? data.dialogId : null;
      return [{ memberChatId: data.fromChatId, kind: 'chat-preview', resourceId: dialogId }];
    }
    const quotes =
      (n.template === 'booking.created' && params.topic !== '' && params.topic !== undefined) ||
      n.template === 'booking.cancelled';
    if (quotes && typeof data.memberId === 'number') {
      return [{ memberId: data.memberId, kind: 'consultation', resourceId: String(data.appointmentId) }];
    }
    return [];
  });
}

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
  registerEndpoint(app, ctx, api.listMessages, async ({ session, query, request }) => {
    const page = await listNotifications(ctx.db, session.providerId, query);
    await recordMemberReads(
      ctx.db,
      { providerId: session.providerId, address: request.ip },
      notificationReads(page.records),
    );
    return page;
  });
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
