/**
 * Chat-service session lifetime against a real (embedded) database: alive two hours past the last
 * request, the expiry sliding forward with use (docs/wire/hosted-chat.md §2.7 "tokens expire 2 h after
 * the last API request"), and gone once expired or destroyed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ServerContext } from '../../../src/server/context';
import type { Database } from '../../../src/server/db/database';
import { openTestDatabase, type TestDatabase } from './db-fixture';
import {
  createQbSession,
  destroyQbSession,
  SESSION_TTL_MS,
  touchQbSession,
} from '../../../src/server/qb/sessions';

let database: TestDatabase | undefined;
let db: Database;
let ctx: ServerContext;

beforeAll(async () => {
  database = await openTestDatabase('qb-sessions');
  ({ db } = database);
  ctx = { db, config: { chat: { appId: 1001 } } } as unknown as ServerContext;
});

afterAll(async () => {
  await database?.close();
});

describe('session lifetime', () => {
  it('lives two hours after creation and slides forward with each request', async () => {
    const created = await createQbSession(ctx, { nonce: 1, ts: 1, userId: null });
    const start = created.createdAt.getTime();
    expect(created.expiresAt.getTime() - start).toBe(SESSION_TTL_MS);

    const hourLater = new Date(start + 3600_000);
    const used = await touchQbSession(ctx, created.token, hourLater);
    expect(used?.expiresAt.getTime()).toBe(hourLater.getTime() + SESSION_TTL_MS);

    // Two hours after that last request it is gone, one minute before it is not.
    expect(
      await touchQbSession(ctx, created.token, new Date(hourLater.getTime() + SESSION_TTL_MS - 60_000)),
    ).not.toBeNull();
    const afterUse = new Date(hourLater.getTime() + SESSION_TTL_MS - 60_000);
    expect(
      await touchQbSession(ctx, created.token, new Date(afterUse.getTime() + SESSION_TTL_MS + 1000)),
    ).toBeNull();
  });

  it('moves the stored expiry at most once a minute', async () => {
    const created = await createQbSession(ctx, { nonce: 2, ts: 2, userId: null });
    const t = created.createdAt.getTime();
    expect((await touchQbSession(ctx, created.token, new Date(t + 30_000)))?.expiresAt.getTime()).toBe(
      created.expiresAt.getTime(),
    );
    expect((await touchQbSession(ctx, created.token, new Date(t + 61_000)))?.expiresAt.getTime()).toBe(
      t + 61_000 + SESSION_TTL_MS,
    );
  });

  it('is gone once destroyed, and unknown or malformed tokens find nothing', async () => {
    const created = await createQbSession(ctx, { nonce: 3, ts: 3, userId: null });
    await destroyQbSession(ctx, created);
    expect(await touchQbSession(ctx, created.token)).toBeNull();
    expect(await touchQbSession(ctx, 'f'.repeat(40))).toBeNull();
    expect(await touchQbSession(ctx, "x' or 1=1 --")).toBeNull();
  });
});
