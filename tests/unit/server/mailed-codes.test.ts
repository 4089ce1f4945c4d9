/**
 * Issue 27 item 4: a mailed code's five tries hold when the guesses arrive together. Ten wrong
 * codes submitted at once, then the right one: the code must be spent. The read-modify-write of
 * `attempts` let every concurrent guess read the same count. Runs on PGlite, and on PostgreSQL too
 * when TEST_DATABASE_URL names a server (a throwaway database is made for it).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerContext } from '../../../src/server/context';
import { consumeCode, issueCode, type MailedCodeKind } from '../../../src/server/account/mailed-codes';
import { insertProvider, testEngines, type TestDatabase } from './db-fixture';

const KIND: MailedCodeKind = {
  table: 'email_verifications',
  salt: 'verify:',
  ttlMs: 3_600_000,
  maxAttempts: 5,
};

const engines = testEngines('mailed-codes');

describe.each(engines)('mailed codes on %s', (_name, open) => {
  let engine: TestDatabase;
  let ctx: ServerContext;
  beforeAll(async () => {
    engine = await open();
    ctx = { db: engine.db } as unknown as ServerContext;
  }, 60_000);
  afterAll(async () => {
    await engine?.close();
  });

  it('spends the code after five tries, however many arrive at once', async () => {
    const providerId = await insertProvider(engine.db);
    const code = await issueCode(ctx, KIND, providerId);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => consumeCode(ctx, KIND, providerId, wrong)),
    );
    expect(answers).toEqual(Array(10).fill(false));
    expect(await consumeCode(ctx, KIND, providerId, code)).toBe(false);
    const row = await engine.db
      .selectFrom(KIND.table)
      .select('attempts')
      .where('provider_id', '=', providerId)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
  });

  it('takes the right code once, also when it arrives twice at once', async () => {
    const providerId = await insertProvider(engine.db);
    const code = await issueCode(ctx, KIND, providerId);
    const answers = await Promise.all([1, 2, 3].map(() => consumeCode(ctx, KIND, providerId, code)));
    expect(answers.filter(Boolean)).toHaveLength(1);
  });
});
