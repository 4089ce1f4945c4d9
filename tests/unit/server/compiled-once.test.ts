/**
 * A hot read compiled once (docs/performance.md "Server"): each call runs with its own
 * parameters, and a query whose parameters are not exactly the placeholders is refused; on
 * PostgreSQL it is a named prepared statement.
 */
import { insertProvider, openEmptyPGlite, testEngines, type TestDatabase } from './db-fixture';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledOnce } from '../../../src/server/db/compiled-once';
import { postgresReadsOf, type Database } from '../../../src/server/db/database';
import { PGlitePool } from '../../../src/server/db/pglite-pool';

let empty: Awaited<ReturnType<typeof openEmptyPGlite>>;
let db: Database;

beforeAll(async () => {
  empty = await openEmptyPGlite('compiled-once');
  db = new Kysely({ dialect: new PostgresDialect({ pool: new PGlitePool(empty.pglite) }) });
  await sql`create table providers (id int primary key, email text, first_name text)`.execute(db);
  await sql`insert into providers values (1, 'a@clinic.example', 'A'), (2, 'b@clinic.example', 'B')`.execute(
    db,
  );
});

afterAll(async () => {
  await db?.destroy();
  await empty?.close();
});

describe('compiledOnce', () => {
  it('runs the one compiled query with each call’s parameters', async () => {
    const byId = compiledOnce(
      (d, id: number, email: string) =>
        d
          .selectFrom('providers')
          .select(['id', 'first_name'])
          .where('id', '=', id)
          .where('email', '=', email),
      [-1, ''],
    );
    expect(await byId(db, 1, 'a@clinic.example')).toEqual([{ id: 1, first_name: 'A' }]);
    expect(await byId(db, 2, 'b@clinic.example')).toEqual([{ id: 2, first_name: 'B' }]);
    expect(await byId(db, 2, 'a@clinic.example')).toEqual([]);
  });

  it('refuses a query whose parameters are not the placeholders', async () => {
    const withConstant = compiledOnce(
      (d, id: number) => d.selectFrom('providers').select('id').where('email', '=', 'x').where('id', '=', id),
      [-1],
    );
    await expect(withConstant(db, 1)).rejects.toThrow(/placeholders/);
  });
});

describe.each(testEngines('compiled-once-engines'))('compiledOnce on %s', (engine, open) => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await open();
  });
  afterAll(async () => {
    await test?.close();
  });

  const emailOf = compiledOnce(
    (d, id: number) => d.selectFrom('providers').select(['id', 'email']).where('id', '=', id),
    [-1],
  );

  it('reads the same rows in and out of a transaction', async () => {
    const id = await insertProvider(test.db);
    const [row] = await emailOf(test.db, id);
    expect(row).toMatchObject({ id });
    expect(await test.db.transaction().execute((trx) => emailOf(trx, id))).toEqual([row]);
    expect(await emailOf(test.db, -5)).toEqual([]);
  });

  it.runIf(engine === 'PostgreSQL')('runs as a named statement, prepared once per connection', async () => {
    const reads = postgresReadsOf(test.db)!;
    const id = await insertProvider(test.db);
    for (let i = 0; i < 3; i++) await emailOf(test.db, id);
    // The pool hands back the connection it used last, so this runs where the read just ran.
    const prepared = await reads.read<{ name: string; statement: string }>(
      'select name, statement from pg_prepared_statements',
      [],
    );
    expect(prepared).toContainEqual({
      name: expect.stringMatching(/^portal_stmt_\d+$/),
      statement: 'select "id", "email" from "providers" where "id" = $1',
    });
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('compiledOnce on PostgreSQL after a migration', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await testEngines('compiled-once-migrated')[1]![1]();
  });
  afterAll(async () => {
    await test?.close();
  });

  it('prepares the statement again when a migration changed what it returns', async () => {
    const anyDb = (d: Database) => d as unknown as Kysely<{ hot_t: { id: number; v: number | string } }>;
    await sql`create table hot_t (id int primary key, v int)`.execute(test.db);
    await sql`insert into hot_t values (1, 7)`.execute(test.db);
    const valueOf = compiledOnce(
      (d, id: number) => anyDb(d).selectFrom('hot_t').select('v').where('id', '=', id),
      [-1],
    );
    expect(await valueOf(test.db, 1)).toEqual([{ v: 7 }]);
    await sql`alter table hot_t alter column v type text`.execute(test.db);
    expect(await valueOf(test.db, 1)).toEqual([{ v: '7' }]);
  });
});
