/**
 * Creates a provider notification from a real event (review decision, booking, report assignment,
 * message while offline) and announces it, so the app socket can push it (spec §4 Notifications).
 */
import type { NotificationTemplateRef } from '../../shared/notification-templates';
import type { ServerContext } from '../context';
import type { Database } from '../db/database';
import { afterCommit } from '../db/transaction';

export interface NewNotification {
  providerId: number;
  /** One of NOTIFICATION_CATEGORIES (src/shared/notification-categories.ts). */
  category: string;
  /** English, for API clients and as the fallback of the template. */
  title: string;
  body?: string;
  /** What the portal renders in the provider's language; absent for operators' free text. */
  template?: NotificationTemplateRef;
  data?: Record<string, unknown>;
}

/**
 * Inserts the row (inside the caller's transaction when `db` is one, which must then be opened with
 * inTransaction) and emits `notification.created` once the row is committed, so the push that
 * follows never looks for a row it cannot see yet, nor announces one that is rolled back.
 */
export async function createNotification(
  ctx: Pick<ServerContext, 'events'> & { db: Database },
  input: NewNotification,
): Promise<number> {
  const row = await ctx.db
    .insertInto('notifications')
    .values({
      provider_id: input.providerId,
      category: input.category,
      title: input.title,
      body: input.body ?? '',
      data: JSON.stringify(input.data ?? {}),
      template: input.template?.key ?? null,
      params: JSON.stringify(input.template?.params ?? {}),
    })
    .returning(['id', 'created_at'])
    .executeTakeFirstOrThrow();
  afterCommit(ctx.db, () =>
    ctx.events.emit('notification.created', {
      id: row.id,
      providerId: input.providerId,
      category: input.category,
      title: input.title,
      body: input.body ?? '',
      data: input.data ?? {},
      createdAt: row.created_at,
    }),
  );
  return row.id;
}
