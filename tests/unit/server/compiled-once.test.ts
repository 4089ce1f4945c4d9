/**
 * A hot read compiled once (docs/performance.md "Server"): each call runs with its own
 * parameters, and a query whose parameters are not exactly the placeholders is refused.
 */
import { openEmptyPGlite } from './db-fixture';
import { Kysely, PostgresDialect, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compiledOnce } from '../../../src/server/db/compiled-once';
import type { Database } from '../../../src/server/db/database';
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
