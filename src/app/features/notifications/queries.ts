/** TanStack Query options of the notification centre; each owns its key under `notifications`. */
import { queryOptions } from '@tanstack/react-query';
import type { NotificationCategory } from '../../../shared/api/notifications';
import { notificationCalls } from '../../api/domain-calls';
import { QUERY_ROOTS } from '../../api/query-keys';

export const NOTIFICATIONS_KEY = QUERY_ROOTS.notifications;

export interface ListFilter {
  pageNum: number;
  pageSize: number;
  category?: NotificationCategory;
  unread?: boolean;
}

export const notificationListQuery = (filter: ListFilter) =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'list', filter],
    queryFn: () => notificationCalls.list(filter),
  });

export const notificationCategoriesQuery = () =>
  queryOptions({
    queryKey: [...NOTIFICATIONS_KEY, 'categories'],
    queryFn: () => notificationCalls.categories(),
  });

export const notificationTreeQuery = () =>
  queryOptions({ queryKey: [...NOTIFICATIONS_KEY, 'tree'], queryFn: () => notificationCalls.tree() });

export const notificationSettingsQuery = () =>
  queryOptions({ queryKey: [...NOTIFICATIONS_KEY, 'settings'], queryFn: () => notificationCalls.settings() });
