/**
 * Notification push preferences (spec §7 ".../notification/setting/saveOrUpdate", "getById"):
 * one row per provider listing the muted categories. A muted category creates no push over the
 * app socket; its notifications are still stored and listed.
 */
import { NOTIFICATION_CATEGORIES, type NotificationCategory } from '../../shared/notification-categories';
import type { NotificationSettings } from '../../shared/api/notifications';
import type { Database } from '../db/database';

export function isMuted(muted: readonly string[] | null | undefined, category: string): boolean {
  return (muted ?? []).includes(category);
}

function toSettings(
  row: { id: number; muted_categories: string[]; updated_at: Date } | undefined,
): NotificationSettings {
  const push = Object.fromEntries(
    NOTIFICATION_CATEGORIES.map((c) => [c, !isMuted(row?.muted_categories, c)]),
  ) as Record<NotificationCategory, boolean>;
  return { id: row?.id ?? null, push, updatedAt: row?.updated_at.toISOString() ?? null };
}

export async function getSettings(db: Database, providerId: number): Promise<NotificationSettings> {
  const row = await db
    .selectFrom('notification_settings')
    .select(['id', 'muted_categories', 'updated_at'])
    .where('provider_id', '=', providerId)
    .executeTakeFirst();
  return toSettings(row);
}

export async function saveSettings(
  db: Database,
  providerId: number,
  push: Partial<Record<NotificationCategory, boolean>>,
): Promise<NotificationSettings> {
  const current = await getSettings(db, providerId);
  const merged = { ...current.push, ...push };
  const muted = NOTIFICATION_CATEGORIES.filter((c) => !merged[c]);
  const row = await db
    .insertInto('notification_settings')
    .values({ provider_id: providerId, muted_categories: muted })
    .onConflict((oc) =>
      oc.column('provider_id').doUpdateSet({ muted_categories: muted, updated_at: new Date() }),
    )
    .returning(['id', 'muted_categories', 'updated_at'])
    .executeTakeFirstOrThrow();
  return toSettings(row);
}
