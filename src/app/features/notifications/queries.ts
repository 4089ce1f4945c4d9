/** TanStack Query options of the notification centre; each owns its key under `notifications`. */
import { queryOptions } from '@tanstack/react-query';
import type { NotificationCategory } from '../../../shared/api/notifications';
import type { PortalApi } from '../../api/api-client';
import { notificationCalls } from '../../api/domain-calls';
import { QUERY_ROOTS } from '../../api/query-keys';

export const NOTIFICATIONS_KEY = QUERY_ROOTS.notifications;

export interface ListFilter {
  pageNum: number;
  pageSize: number;
  category?: NotificationCategory;
  unread?: boolean;
}

export const notificationListQuery = (api: PortalApi, filter: ListFilter) =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'list', filter],
    queryFn: () => notificationCalls(api).list(filter),
  });

export const notificationCategoriesQuery = (api: PortalApi) =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'categories'],
    queryFn: () => notificationCalls(api).categories(),
  });

export const notificationTreeQuery = (api: PortalApi) =>
  queryOptions({ queryKey: [...NOTIFICATIONS_KEY, 'tree'], queryFn: () => notificationCalls(api).tree() });

export const notificationSettingsQuery = (api: PortalApi) =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'settings'],
    queryFn: () => notificationCalls(api).settings(),
  });
