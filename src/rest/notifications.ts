/**
 * Notification calls (spec §7 "Notifications"), one function per endpoint; the ones under
 * `/message/` carry the platform of spec §6.
 */
import type { BodyOf, QueryOf } from '../shared/api/endpoint';
import * as notifications from '../shared/api/notifications';
import type { ApiClient, CallExtra as Extra } from './client';
import { messaging } from './messaging';

export const notificationsApi = (api: ApiClient) => ({
  markRead: (id: number, extra?: Extra) =>
    api.call(notifications.markRead, { query: messaging({ id }), ...extra }),
  refresh: (extra?: Extra) => api.call(notifications.refresh, { query: messaging(), ...extra }),
  markReadAll: (query: QueryOf<typeof notifications.markReadAll> = {}, extra?: Extra) =>
    api.call(notifications.markReadAll, { query: messaging(query), ...extra }),
  tree: (extra?: Extra) => api.call(notifications.notificationTree, { query: messaging(), ...extra }),
  list: (
    query: {
      pageNum: number;
      pageSize: number;
      category?: notifications.NotificationCategory;
      unread?: boolean;
    },
    extra?: Extra,
  ) => api.call(notifications.listMessages, { query: messaging(query), ...extra }),
  categories: (extra?: Extra) => api.call(notifications.messageCategory, { query: messaging(), ...extra }),
  saveSettings: (body: BodyOf<typeof notifications.saveNotificationSetting>, extra?: Extra) =>
    api.call(notifications.saveNotificationSetting, { body, ...extra }),
  settings: (extra?: Extra) => api.call(notifications.getNotificationSetting, { ...extra }),
});
