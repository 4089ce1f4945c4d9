/**
 * Statements on PostgreSQL (src/server/db/postgres-prepared.ts, docs/performance.md "Server"):
 * every parameterised statement Kysely sends is a named one, parsed once per connection; texts
 * without parameters go as before; the names stop at a bound; and a statement made stale by
 * another process's migration is sent again unnamed on its own, fails inside a transaction, and
 * closes its connection either way.
 */
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/database';
import {
  preparingClient,
  StatementNames,
  STALE_PREPARED_STATEMENT,
  type PooledClient,
} from '../../../src/server/db/postgres-prepared';
import { testEngines, type TestDatabase } from './db-fixture';

/** A pooled client that records what it was asked and answers from `answer`. */
function recordingClient(
  answer: (args: unknown[]) => Promise<unknown> = () => Promise.resolve({ rows: [] }),
) {
  const calls: unknown[][] = [];
  const released: Array<Error | boolean | undefined> = [];
  const client: PooledClient = {
    query: (...args) => {
      calls.push(args);
      return answer(args);
    },
    release: (error) => void released.push(error),
  };
  return { client, calls, released };
}

describe('statement names', () => {
  it('names a text once and gives it the same name every time', () => {
    const names = new StatementNames('t_');
    expect(names.nameOf('select $1')).toBe('t_1');
    expect(names.nameOf('select $1, $2')).toBe('t_2');
    expect(names.nameOf('select $1')).toBe('t_1');
  });

  it('leaves texts unnamed past its bound, and keeps the names it gave', () => {
    const names = new StatementNames('t_');
    for (let i = 0; i < 500; i++) expect(names.nameOf(`select ${i} where $1`)).not.toBeNull();
    expect(names.nameOf('select a new text where $1')).toBeNull();
    expect(names.nameOf('select 0 where $1')).toBe('t_1');
  });
});

describe('a preparing client', () => {
  it('sends a parameterised text as a named statement and a text without parameters as it is', async () => {
    const { client, calls } = recordingClient();
    const wrapped = preparingClient(client, new StatementNames('t_'));
    await wrapped.query('select * from providers where id = $1', [7]);
    await wrapped.query('begin');
    await wrapped.query('select 1', []);
    const cursor = { submit: () => undefined };
    await wrapped.query(cursor);
    expect(calls).toEqual([
      [{ name: 't_1', text: 'select * from providers where id = $1', values: [7] }],
      ['begin'],
      ['select 1', []],
      [cursor],
    ]);
  });

  it('sends a stale statement again unnamed on its own, fails it in a transaction, and closes the connection', async () => {
    const stale = Object.assign(new Error('cached plan must not change result type'), {
      code: STALE_PREPARED_STATEMENT,
    });
    const other = Object.assign(new Error('duplicate key'), { code: '23505' });
    const { client, calls, released } = recordingClient(([first]) =>
      typeof first === 'object' && first !== null && 'name' in first
        ? Promise.reject((first as unknown as { text: string }).text.startsWith('insert') ? other : stale)
        : Promise.resolve({ rows: [{ v: 7 }] }),
    );
    const names = new StatementNames('t_');
    const first = preparingClient(client, names);
    await expect(first.query('insert into t values ($1)', [1])).rejects.toBe(other);
    first.release();
    const alone = preparingClient(client, names);
    await expect(alone.query('select v from t where id = $1', [1])).resolves.toEqual({ rows: [{ v: 7 }] });
    expect(calls.at(-1)).toEqual(['select v from t where id = $1', [1]]);
    alone.release();
    const inside = preparingClient(client, names);
    await inside.query('begin', []);
    await expect(inside.query('select v from t where id = $1', [1])).rejects.toBe(stale);
    await inside.query('rollback', []);
    inside.release();
    expect(released).toEqual([undefined, stale, stale]);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('statements on PostgreSQL', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await testEngines('postgres-prepared')[1]![1]();
  });
  afterAll(async () => {
    await test?.close();
  });
  const anyDb = (d: Database) => d as unknown as Kysely<{ prep_t: { id: number; v: number } }>;
  const selectAll = (db: Database) =>
    sql<Record<string, unknown>>`select * from prep_s where id = ${1}`.execute(db);

  it('runs a parameterised query as a named statement of its connection', async () => {
    await sql`create table prep_t (id int primary key, v int)`.execute(test.db);
    await anyDb(test.db).insertInto('prep_t').values({ id: 1, v: 7 }).execute();
    expect(
      await anyDb(test.db).selectFrom('prep_t').select('v').where('id', '=', 1).executeTakeFirst(),
    ).toEqual({
      v: 7,
    });
    // On one connection: the statement it prepared is among its own.
    const prepared = await test.db.connection().execute(async (db) => {
      await anyDb(db).selectFrom('prep_t').select('v').where('id', '=', 2).execute();
      return (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db))
        .rows;
    });
    expect(prepared.map((p) => p.statement)).toContain('select "v" from "prep_t" where "id" = $1');
  });

  it('answers a statement made stale by a migration on its own, and fails it once in a transaction', async () => {
    await sql`create table prep_s (id int primary key, v int)`.execute(test.db);
    await sql`insert into prep_s values (1, 7)`.execute(test.db);
    // Ten at once: every pooled connection prepares the text.
    await Promise.all(Array.from({ length: 10 }, () => selectAll(test.db)));
    await sql`alter table prep_s add column w text`.execute(test.db);
    const alone = await Promise.all(Array.from({ length: 12 }, () => selectAll(test.db)));
    expect(alone.map((r) => r.rows)).toEqual(Array.from({ length: 12 }, () => [{ id: 1, v: 7, w: null }]));

    await Promise.all(Array.from({ length: 10 }, () => selectAll(test.db)));
    await sql`alter table prep_s add column x int`.execute(test.db);
    const inTransaction = await Promise.allSettled(
      Array.from({ length: 12 }, () => test.db.transaction().execute((trx) => selectAll(trx))),
    );
    const failed = inTransaction.filter((r) => r.status === 'rejected');
    expect(failed.length).toBeGreaterThan(0);
    expect(failed.every((r) => (r.reason as { code?: string }).code === STALE_PREPARED_STATEMENT)).toBe(true);
    const again = await test.db.transaction().execute((trx) => selectAll(trx));
    expect(again.rows).toEqual([{ id: 1, v: 7, w: null, x: null }]);
  });
});
