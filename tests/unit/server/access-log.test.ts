/**
 * The health-data access log against a real (embedded) database (issue 12; HIPAA §164.312(b)):
 * recordHealthDataAccess writes who, whose, what, from where and when, and the table refuses
 * every change — UPDATE, DELETE and TRUNCATE — whoever asks (migrations/0500).
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordHealthDataAccess } from '../../../src/server/access-log/record-access';
import { inTransaction } from '../../../src/server/db/transaction';
import { insertMember, insertProvider, openTestDatabase, type TestDatabase } from './db-fixture';

let t: TestDatabase;
let providerId = 0;
let memberId = 0;

beforeAll(async () => {
  t = await openTestDatabase('access-log');
  providerId = await insertProvider(t.db);
  memberId = await insertMember(t.db);
});

afterAll(async () => {
  await t?.close();
});

async function rows() {
  return t.db.selectFrom('health_data_access_log').selectAll().orderBy('id').execute();
}

describe('recordHealthDataAccess', () => {
  it('records who read whose data, what, from where and when', async () => {
    const before = Date.now();
    await recordHealthDataAccess(t.db, {
      providerId,
      memberId,
      kind: 'report',
      resourceId: '17',
      address: '203.0.113.9',
    });
    await inTransaction(t.db, (trx) =>
      recordHealthDataAccess(trx, { providerId, memberId, kind: 'chat-history', address: null }),
    );
    const [first, second] = await rows();
    expect(first).toMatchObject({
      provider_id: providerId,
      member_id: memberId,
      kind: 'report',
      resource_id: '17',
      address: '203.0.113.9',
    });
    expect(first!.accessed_at.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(second).toMatchObject({ kind: 'chat-history', resource_id: null, address: null });
  });

  it('refuses a kind the log does not know', async () => {
    await expect(
      recordHealthDataAccess(t.db, { providerId, memberId, kind: 'horoscope' as never, address: null }),
    ).rejects.toThrow(/check constraint/);
  });

  it('is append-only: update, delete and truncate are refused by the database', async () => {
    const count = (await rows()).length;
    expect(count).toBeGreaterThan(0);
    await expect(
      t.db.updateTable('health_data_access_log').set({ address: 'forged' }).execute(),
    ).rejects.toThrow(/append-only: UPDATE refused/);
    await expect(t.db.deleteFrom('health_data_access_log').execute()).rejects.toThrow(
      /append-only: DELETE refused/,
    );
    await expect(sql`truncate health_data_access_log`.execute(t.db)).rejects.toThrow(
      /append-only: TRUNCATE refused/,
    );
    const after = await rows();
    expect(after.length).toBe(count);
    expect(after.map((r) => r.address)).not.toContain('forged');
  });
});
