/**
 * Seeds the personas' notifications of `fixtures/notifications.json` (read and unread, each
 * category); an entry with a `template` is shown in the provider's language like a live one.
 */
import notificationsJson from '../../../fixtures/notifications.json' with { type: 'json' };
import { provider } from '../../../fixtures';
import type { Seeder } from './seeder';

const HOUR = 3600_000;

export const seedNotifications: Seeder = {
  name: 'notifications',
  async run({ db, now }) {
    for (const n of notificationsJson.notifications) {
      const { id } = await db
        .selectFrom('providers')
        .select('id')
        .where('email', '=', provider(n.provider).email)
        .executeTakeFirstOrThrow();
      const createdAt = new Date(now - n.hoursAgo * HOUR);
      await db
        .insertInto('notifications')
        .values({
          provider_id: id,
          category: n.category,
          title: n.title,
          body: n.body,
          data: JSON.stringify({ seeded: true }),
          ...('template' in n ? { template: n.template, params: JSON.stringify(n.params ?? {}) } : {}),
          created_at: createdAt,
          read_at: n.read ? new Date(createdAt.getTime() + HOUR) : null,
        })
        .execute();
    }
  },
};
