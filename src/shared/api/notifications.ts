/**
 * Notification calls, spec §7 "Notifications" (paths below `/api`), and the notification tree of
 * spec §3. The spec names no path for the tree fetch ("Used, with paths not shown: ... notification
 * tree fetch"); it is `GET /message/reddot/tree`.
 */
import { z } from 'zod/mini';
import { NOTIFICATION_TREE_KEYS } from '../app-socket';
import { NOTIFICATION_CATEGORIES } from '../notification-categories';
import { defineEndpoint } from './endpoint';
import { messagingQuery } from './messaging';
import { FormBoolean, Id } from './fields';

export const NotificationCategory = z.enum(NOTIFICATION_CATEGORIES);
export type NotificationCategory = z.infer<typeof NotificationCategory>;

/** Categories caused by what a client did; counted under NOTIFICATION_CLIENT_ACTIVITIES_LIST. */
export const CLIENT_ACTIVITY_CATEGORIES: readonly NotificationCategory[] = [
  'BOOKING',
  'BOOKING_CANCELLED',
  'MESSAGE',
];

export const NotificationItem = z.object({
  id: z.number().check(z.int()),
  category: NotificationCategory,
  title: z.string().check(z.describe('In English; the portal shows the template in the provider language')),
  body: z.string().check(z.describe('In English, like title')),
  template: z
    .nullable(z.string())
    .check(
      z.describe(
        'Template key (notifications.json templates.<key>.title|body in each portal language); null for free text',
      ),
    ),
  params: z
    .record(z.string(), z.union([z.string(), z.number()]))
    .check(z.describe('Template parameters; startsAt is an ISO instant, shown in the provider time zone')),
  data: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  read: z.boolean(),
  readAt: z.nullable(z.string()),
});
export type NotificationItem = z.infer<typeof NotificationItem>;

export const NotificationPage = z.object({
  records: z.array(NotificationItem),
  timezone: z
    .nullable(z.string())
    .check(
      z.describe("The provider's schedule time zone for the times in notifications; null: none set yet"),
    ),
  total: z.number().check(z.int()),
  pageNum: z.number().check(z.int()),
  pageSize: z.number().check(z.int()),
});
export type NotificationPage = z.infer<typeof NotificationPage>;

/** What the menu's notification red dot shows. */
export const RedDotState = z.object({ notification: z.boolean(), unread: z.number().check(z.int()) });
export type RedDotState = z.infer<typeof RedDotState>;

const TreeLeaf = z.object({ key: z.string(), count: z.number().check(z.int()) });
const TreeList = z.extend(TreeLeaf, { children: z.array(TreeLeaf) });

/**
 * Spec §3 notification tree: root `NOTIFICATION` (all unread) with the children
 * `NOTIFICATION_CLIENT_ACTIVITIES_LIST` (unread client activities: bookings, cancellations,
 * messages) and `NOTIFICATION_UNVIEW_LIST` (every unread notification); each list's children are
 * its categories, keyed by category name.
 */
export const NotificationTree = z.extend(TreeLeaf, { children: z.array(TreeList) });
export type NotificationTree = z.infer<typeof NotificationTree>;
export { NOTIFICATION_TREE_KEYS };

export const CategorySummary = z.object({
  category: NotificationCategory,
  total: z.number().check(z.int()),
  unread: z.number().check(z.int()),
  latestAt: z.nullable(z.string()),
});
export type CategorySummary = z.infer<typeof CategorySummary>;

/** Push preferences: `false` mutes the push of that category (it is still listed). */
export const NotificationSettings = z.object({
  id: z.nullable(z.number().check(z.int())),
  push: z.record(NotificationCategory, z.boolean()),
  updatedAt: z.nullable(z.string()),
});
export type NotificationSettings = z.infer<typeof NotificationSettings>;

const TAG = 'Notifications';

export const markRead = defineEndpoint({
  id: 'redDotMarkRead',
  method: 'GET',
  path: '/message/reddot/markRead',
  summary: 'Mark one notification read; answers the red dot after it',
  tag: TAG,
  auth: 'token',
  query: messagingQuery({ id: Id }),
  response: RedDotState,
});

export const refresh = defineEndpoint({
  id: 'redDotRefresh',
  method: 'GET',
  path: '/message/reddot/refresh',
  summary: 'The notification red dot, counted now (after sign-in, reconnect and every push)',
  tag: TAG,
  auth: 'token',
  query: messagingQuery(),
  response: RedDotState,
});

export const markReadAll = defineEndpoint({
  id: 'redDotMarkReadAll',
  method: 'GET',
  path: '/message/reddot/markReadAll',
  summary: 'Mark every notification read, or those of one category',
  tag: TAG,
  auth: 'token',
  query: messagingQuery({ category: z.optional(NotificationCategory) }),
  response: RedDotState,
});

export const notificationTree = defineEndpoint({
  id: 'notificationTree',
  method: 'GET',
  path: '/message/reddot/tree',
  summary:
    'The notification tree with its NOTIFICATION_CLIENT_ACTIVITIES_LIST and NOTIFICATION_UNVIEW_LIST counters',
  tag: TAG,
  auth: 'token',
  query: messagingQuery(),
  response: NotificationTree,
});

export const listMessages = defineEndpoint({
  id: 'listMessages',
  method: 'GET',
  path: '/message/message/v2/listMessages',
  summary: 'Notifications, newest first, one page at a time',
  tag: TAG,
  auth: 'token',
  query: messagingQuery({
    pageNum: z._default(z.coerce.number().check(z.int(), z.gte(1)), 1),
    pageSize: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 5),
    category: z.optional(NotificationCategory),
    unread: z.optional(FormBoolean),
  }),
  response: NotificationPage,
});

export const messageCategory = defineEndpoint({
  id: 'messageCategory',
  method: 'GET',
  path: '/message/message/v2/messageCategory',
  summary: 'Every notification category with its total and unread counts',
  tag: TAG,
  auth: 'token',
  query: messagingQuery(),
  response: z.array(CategorySummary),
});

export const saveNotificationSetting = defineEndpoint({
  id: 'saveNotificationSetting',
  method: 'POST',
  path: '/consultation/doctor/user/notification/setting/saveOrUpdate',
  summary: 'Save push preferences per category (JSON); categories left out keep their setting',
  tag: TAG,
  auth: 'token',
  encoding: 'json',
  body: z.object({ push: z.partialRecord(NotificationCategory, z.boolean()) }),
  response: NotificationSettings,
});

export const getNotificationSetting = defineEndpoint({
  id: 'getNotificationSetting',
  method: 'GET',
  path: '/consultation/doctor/user/notification/setting/getById',
  summary: "The signed-in provider's push preferences (every category pushes until muted)",
  tag: TAG,
  auth: 'token',
  response: NotificationSettings,
});
