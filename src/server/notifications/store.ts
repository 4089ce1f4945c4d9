/**
 * Reading and marking a provider's notifications (spec §4 Notifications): pages, categories,
 * unread counts, the notification tree of spec §3.
 */
import { sql } from 'kysely';
import {
  CLIENT_ACTIVITY_CATEGORIES,
  NOTIFICATION_TREE_KEYS,
  type CategorySummary,
  type NotificationItem,
  type NotificationPage,
  type NotificationTree,
  type RedDotState,
} from '../../shared/api/notifications';
import { NOTIFICATION_CATEGORIES, type NotificationCategory } from '../../shared/notification-categories';
import type { Database } from '../db/database';
import { countAndPage } from '../db/paging';
import { ApiError } from '../http/api-error';

type Row = {
  id: number;
  category: string;
  title: string;
  body: string;
  data: Record<string, unknown>;
  template: string | null;
  params: Record<string, string | number>;
  created_at: Date;
  read_at: Date | null;
};

const known = (c: string): c is NotificationCategory =>
  (NOTIFICATION_CATEGORIES as readonly string[]).includes(c);

export function toItem(row: Row): NotificationItem {
  return {
    id: row.id,
    category: known(row.category) ? row.category : 'SYSTEM',
    title: row.title,
    body: row.body,
    template: row.template,
    params: row.params ?? {},
    data: row.data ?? {},
    createdAt: row.created_at.toISOString(),
    read: row.read_at !== null,
    readAt: row.read_at?.toISOString() ?? null,
  };
}

export async function listNotifications(
  db: Database,
  providerId: number,
  query: { pageNum: number; pageSize: number; category?: NotificationCategory; unread?: boolean },
): Promise<NotificationPage> {
  let base = db.selectFrom('notifications').where('provider_id', '=', providerId);
  if (query.category) base = base.where('category', '=', query.category);
  if (query.unread) base = base.where('read_at', 'is', null);
  const { total, rows } = await countAndPage(
    base,
    (q) =>
      q
        .select(['id', 'category', 'title', 'body', 'data', 'template', 'params', 'created_at', 'read_at'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc'),
    query.pageNum,
    query.pageSize,
  );
  // Her zone once she has saved availability (the contract's "null: none set yet").
  const zone = await db
    .selectFrom('providers')
    .innerJoin('schedule_settings', 'schedule_settings.provider_id', 'providers.id')
    .select('providers.timezone')
    .where('providers.id', '=', providerId)
    .executeTakeFirst();
  return {
    records: rows.map(toItem),
    timezone: zone?.timezone ?? null,
    total,
    pageNum: query.pageNum,
    pageSize: query.pageSize,
  };
}

/** Unread count per category (categories without any are absent). */
export async function unreadByCategory(db: Database, providerId: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('notifications')
    .select(['category', (eb) => eb.fn.countAll<number>().as('n')])
    .where('provider_id', '=', providerId)
    .where('read_at', 'is', null)
    .groupBy('category')
    .execute();
  return new Map(rows.map((r) => [r.category, Number(r.n)]));
}

export async function redDot(db: Database, providerId: number): Promise<RedDotState> {
  const row = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('provider_id', '=', providerId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  const unread = Number(row.n);
  return { notification: unread > 0, unread };
}

export async function notificationTree(db: Database, providerId: number): Promise<NotificationTree> {
  const unread = await unreadByCategory(db, providerId);
  const leaves = (categories: readonly NotificationCategory[]) =>
    categories.map((c) => ({ key: c, count: unread.get(c) ?? 0 }));
  const sum = (nodes: { count: number }[]) => nodes.reduce((n, x) => n + x.count, 0);
  const activities = leaves(CLIENT_ACTIVITY_CATEGORIES);
  const all = leaves(NOTIFICATION_CATEGORIES);
  return {
    key: NOTIFICATION_TREE_KEYS.root,
    count: sum(all),
    children: [
      { key: NOTIFICATION_TREE_KEYS.clientActivities, count: sum(activities), children: activities },
      { key: NOTIFICATION_TREE_KEYS.unviewed, count: sum(all), children: all },
    ],
  };
}

export async function categorySummaries(db: Database, providerId: number): Promise<CategorySummary[]> {
  const rows = await db
    .selectFrom('notifications')
    .select([
      'category',
      (eb) => eb.fn.countAll<number>().as('total'),
      sql<number>`count(*) filter (where read_at is null)`.as('unread'),
      (eb) => eb.fn.max('created_at').as('latest'),
    ])
    .where('provider_id', '=', providerId)
    .groupBy('category')
    .execute();
  const byCategory = new Map(rows.map((r) => [r.category, r]));
  return NOTIFICATION_CATEGORIES.map((category) => {
    const r = byCategory.get(category);
    const latest = r?.latest ? new Date(r.latest as Date | string) : null;
    return {
      category,
      total: Number(r?.total ?? 0),
      unread: Number(r?.unread ?? 0),
      latestAt: latest?.toISOString() ?? null,
    };
  });
}

export async function markRead(db: Database, providerId: number, id: number): Promise<RedDotState> {
  const row = await db
    .selectFrom('notifications')
    .select(['id', 'read_at'])
    .where('id', '=', id)
    .where('provider_id', '=', providerId)
    .executeTakeFirst();
  if (!row) throw ApiError.notFound(`Notification ${id}`);
  if (!row.read_at)
    await db.updateTable('notifications').set({ read_at: new Date() }).where('id', '=', id).execute();
  return redDot(db, providerId);
}

export async function markAllRead(
  db: Database,
  providerId: number,
  category?: NotificationCategory,
): Promise<RedDotState> {
  let update = db
    .updateTable('notifications')
    .set({ read_at: new Date() })
    .where('provider_id', '=', providerId)
    .where('read_at', 'is', null);
  if (category) update = update.where('category', '=', category);
  await update.execute();
  return redDot(db, providerId);
}
