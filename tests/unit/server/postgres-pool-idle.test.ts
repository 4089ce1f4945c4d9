/**
 * The PostgreSQL pool keeps its connections through a quiet spell (src/server/db/database.ts
 * POOL_IDLE_MS, docs/performance.md "Server"): after longer than the idle time, the backends it
 * opened are still there, so the next burst does not wait for new ones. PostgreSQL only: PGlite
 * has one connection and no pool.
 */
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { POOL_IDLE_MS } from '../../../src/server/db/database';
import { testEngines, type TestDatabase } from './db-fixture';

const postgres = testEngines('pool-idle').find(([name]) => name === 'PostgreSQL');
let database: TestDatabase | undefined;

afterAll(async () => {
  await database?.close();
});

/** Backends connected to the current database, this one included. */
async function backends(db: TestDatabase['db']): Promise<number> {
  const { rows } = await sql<{ n: number }>`select count(*)::integer as n from pg_stat_activity
    where datname = current_database() and backend_type = 'client backend'`.execute(db);
  return rows[0]!.n;
}

describe.skipIf(!postgres)('PostgreSQL pool', () => {
  it(
    'keeps the connections a burst opened after longer than the idle time',
    async () => {
      database = await postgres![1]();
      const { db } = database;
      await Promise.all(Array.from({ length: 4 }, () => sql`select pg_sleep(0.2)`.execute(db)));
      const opened = await backends(db);
      expect(opened).toBeGreaterThanOrEqual(4);
      await new Promise((resolve) => setTimeout(resolve, POOL_IDLE_MS + 1_500));
      expect(await backends(db)).toBe(opened);
    },
    POOL_IDLE_MS + 20_000,
  );
});
