/**
 * The PGlite pool's batched reads (src/server/db/pglite-pool.ts `read`, docs/performance.md
 * "Server"): reads asked for in one turn run in one batch, each with its own outcome, never inside
 * another holder's transaction; large answers arrive whole; `compiledOnce` reads through them.
 */
import type { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { compiledOnce } from '../../../src/server/db/compiled-once';
import type { Database } from '../../../src/server/db/database';
import { PGlitePool } from '../../../src/server/db/pglite-pool';
import { PGliteStatements } from '../../../src/server/db/pglite-statements';
import { openEmptyPGlite, openTestDatabase, insertProvider, type TestDatabase } from './db-fixture';

let empty: Awaited<ReturnType<typeof openEmptyPGlite>>;
let pglite: PGlite;
let pool: PGlitePool;
let db: Database;

beforeAll(async () => {
  empty = await openEmptyPGlite('pglite-pool');
  pglite = empty.pglite;
  pool = new PGlitePool(pglite);
  db = new Kysely({ dialect: new PostgresDialect({ pool }) });
  await sql`create table things (id int primary key, name text)`.execute(db);
  await sql`insert into things select g, 'thing ' || g from generate_series(1, 2000) g`.execute(db);
});

afterAll(async () => {
  await db?.destroy();
  await empty?.close();
});

describe('PGlitePool.read', () => {
  it('runs the reads asked for in one turn as one batch, each with its answer', async () => {
    const exclusive = vi.spyOn(pglite, 'runExclusive');
    const ids = [5, 1, 2000, 17, 3];
    const answers = await Promise.all(
      ids.map((id) => pool.read('select name from things where id = $1', [id])),
    );
    expect(answers.map((a) => a.rows)).toEqual(ids.map((id) => [{ name: `thing ${id}` }]));
    expect(exclusive).toHaveBeenCalledTimes(1);
    exclusive.mockRestore();
  });

  it('fails only the read that fails', async () => {
    const [good, bad, after] = await Promise.allSettled([
      pool.read('select name from things where id = $1', [1]),
      pool.read('select name from things where id = $1::int', ['not a number']),
      pool.read('select count(*)::int as n from things where id <= $1', [10]),
    ]);
    expect(good).toMatchObject({ status: 'fulfilled', value: { rows: [{ name: 'thing 1' }] } });
    expect(bad).toMatchObject({ status: 'rejected', reason: { code: '22P02' } });
    expect(after).toMatchObject({ status: 'fulfilled', value: { rows: [{ n: 10 }] } });
  });

  it('fails every read of a batch that cannot have the connection', async () => {
    const broken = new PGlitePool(pglite);
    vi.spyOn(broken, 'connect').mockRejectedValue(new Error('closed'));
    const reads = await Promise.allSettled([broken.read('select 1', [1]), broken.read('select 2', [2])]);
    expect(reads).toEqual([
      { status: 'rejected', reason: new Error('closed') },
      { status: 'rejected', reason: new Error('closed') },
    ]);
  });

  it('waits for a transaction in progress, and does not read inside it', async () => {
    let read!: Promise<{ rows: unknown[] }>;
    let answeredDuringTransaction = false;
    await db
      .transaction()
      .execute(async (trx) => {
        await sql`insert into things values (5001, 'new')`.execute(trx);
        read = pool.read('select name from things where id = $1', [5001]);
        void read.then(() => (answeredDuringTransaction = true));
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(answeredDuringTransaction).toBe(false);
        throw new Error('roll back');
      })
      .catch((error: Error) => expect(error.message).toBe('roll back'));
    expect((await read).rows).toEqual([]);
  });

  it('reads answers larger than the engine writes at once', async () => {
    const statements = new PGliteStatements(pglite);
    const text = "select id, repeat('x', $1::int) as long from things where id <= $2 order by id";
    const ours = await pool.read(text, [70_000, 300]);
    expect(ours.rows).toEqual((await pglite.query(text, [70_000, 300])).rows);
    expect((await statements.query(text, [10, 2000])).rows).toHaveLength(2000);
  });
});

describe('compiledOnce on the embedded database', () => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await openTestDatabase('compiled-once-batched');
  });

  afterAll(() => test.close());

  const nameOf = compiledOnce(
    (d, id: number) => d.selectFrom('providers').select(['id', 'last_name']).where('id', '=', id),
    [-1],
  );

  it('reads through the batch, and through the transaction inside one', async () => {
    const first = await insertProvider(test.db);
    const second = await insertProvider(test.db);
    const [a, b] = await Promise.all([nameOf(test.db, first), nameOf(test.db, second)]);
    expect(a).toEqual([{ id: first, last_name: expect.stringMatching(/^Provider /) }]);
    expect(b[0]!.id).toBe(second);
    await test.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('providers').set({ last_name: 'Renamed' }).where('id', '=', first).execute();
        expect(await nameOf(trx, first)).toEqual([{ id: first, last_name: 'Renamed' }]);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect((await nameOf(test.db, first))[0]!.last_name).not.toBe('Renamed');
  });
});
