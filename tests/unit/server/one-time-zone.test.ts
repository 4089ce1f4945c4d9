/**
 * Her time zone has one owner (docs/architecture.md §3 "Her time zone"): the migrated schema keeps
 * it in `providers.timezone` only, and what her schedule and her notifications count in is read
 * from there.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listNotifications } from '../../../src/server/notifications/store';
import { loadSchedule, saveTimeZone, scheduleTimeZone } from '../../../src/server/schedule/schedule-store';
import { insertProvider, openTestDatabase, type TestDatabase } from './db-fixture';

let test: TestDatabase;
beforeAll(async () => {
  test = await openTestDatabase('one-time-zone');
});
afterAll(() => test.close());

describe('her time zone', () => {
  it('is a column of providers and of no table of her workspace', async () => {
    const { rows } = await sql<{ table_name: string }>`
      select table_name from information_schema.columns
      where table_schema = current_schema() and column_name = 'timezone'
      order by table_name`.execute(test.db);
    expect(rows.map((r) => r.table_name)).not.toContain('schedule_settings');
    expect(rows.map((r) => r.table_name)).toContain('providers');
  });

  it('saved once, is the zone of her schedule, and of her notifications once she has one', async () => {
    const id = await insertProvider(test.db);
    await saveTimeZone(test.db, id, 'Asia/Tokyo');
    expect(await scheduleTimeZone(test.db, id)).toBe('Asia/Tokyo');
    expect((await loadSchedule(test.db, id)).rules.timezone).toBe('Asia/Tokyo');
    const page = () => listNotifications(test.db, id, { pageNum: 1, pageSize: 10 });
    // The contract's "null: none set yet" (src/shared/api/notifications.ts).
    expect((await page()).timezone).toBeNull();
    await test.db
      .insertInto('schedule_settings')
      .values({
        provider_id: id,
        consultation_minutes: 45,
        buffer_minutes: 15,
        horizon_days: 60,
        min_notice_hours: 12,
      })
      .execute();
    expect((await page()).timezone).toBe('Asia/Tokyo');
    await saveTimeZone(test.db, id, 'America/Chicago');
    expect((await page()).timezone).toBe('America/Chicago');
    expect((await loadSchedule(test.db, id)).rules.timezone).toBe('America/Chicago');
  });
});
