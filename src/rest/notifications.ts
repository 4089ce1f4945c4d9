/** Notification calls (spec §7 "Notifications"), one function per endpoint. */
import type { BodyOf, QueryOf } from '../shared/api/endpoint';
import * as notifications from '../shared/api/notifications';
import type { ApiClient, CallInput } from './client';

type Extra = Pick<CallInput, 'quiet' | 'signal'>;

export const notificationsApi = (api: ApiClient) => ({
  markRead: (id: number, extra?: Extra) => api.call(notifications.markRead, { query: { id }, ...extra }),
  refresh: (extra?: Extra) => api.call(notifications.refresh, { ...extra }),
  markReadAll: (query: QueryOf<typeof notifications.markReadAll> = {}, extra?: Extra) =>
    api.call(notifications.markReadAll, { query: { ...query }, ...extra }),
  tree: (extra?: Extra) => api.call(notifications.notificationTree, { ...extra }),
  list: (
    query: {
      pageNum: number;
      pageSize: number;
      category?: notifications.NotificationCategory;
      unread?: boolean;
    },
    extra?: Extra,
  ) => api.call(notifications.listMessages, { query: { ...query }, ...extra }),
  categories: (extra?: Extra) => api.call(notifications.messageCategory, { ...extra }),
  saveSettings: (body: BodyOf<typeof notifications.saveNotificationSetting>, extra?: Extra) =>
    api.call(notifications.saveNotificationSetting, { body, ...extra }),
  settings: (extra?: Extra) => api.call(notifications.getNotificationSetting, { ...extra }),
});
