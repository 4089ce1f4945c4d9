/**
 * Parameterised PGlite queries as prepared statements (docs/architecture.md §3 "PGlite facts"):
 * the same rows and errors as PGlite's own `query()`, a schema change does not break a prepared
 * `select *`, and the number of prepared texts stays bounded.
 */
import type { PGlite } from '@electric-sql/pglite';
import { openEmptyPGlite } from './db-fixture';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlitePool } from '../../../src/server/db/pglite-pool';
import { MAX_STATEMENTS, PGliteStatements } from '../../../src/server/db/pglite-statements';

let empty: Awaited<ReturnType<typeof openEmptyPGlite>>;
let db: PGlite;
let statements: PGliteStatements;

beforeAll(async () => {
  empty = await openEmptyPGlite('pglite-statements');
  db = empty.pglite;
  await db.exec(
    `create table things (id int primary key, name text, big int8, at timestamptz, doc jsonb, tags text[], ok boolean);
     insert into things values (1, 'one', 9007199254740993, '2026-01-02T03:04:05Z', '{"a":[1,2]}', '{x,y}', true),
                               (2, null, null, null, null, null, null);`,
  );
  statements = new PGliteStatements(db);
});

afterAll(() => empty?.close());

describe('PGliteStatements', () => {
  it('returns what PGlite query() returns, values serialised by parameter type', async () => {
    const text = 'select * from things where id = $1 or (doc @> $2 and at < $3) order by id';
    const params = [2, { a: [1] }, new Date('2026-06-01T00:00:00Z')];
    const ours = await statements.query(text, params);
    const theirs = await db.query(text, params);
    expect(ours.rows).toEqual(theirs.rows);
    expect(ours.rows.map((r) => r.id)).toEqual([1, 2]);
    // Run again: now from the prepared statement.
    expect((await statements.query(text, params)).rows).toEqual(theirs.rows);
  });

  it('binds multi-byte text, nulls and bytes as PGlite query() does', async () => {
    const text =
      'select $1::text as t, $2::text as n, $3::bytea as b, length($1::text) as chars, $4::int8 as big';
    const params = ['Zoë ☃ 𝄞', null, new Uint8Array([0, 1, 254, 255]), 9007199254740993n];
    const ours = await statements.query(text, params);
    expect(ours.rows).toEqual((await db.query(text, params)).rows);
    expect(ours.rows[0]).toMatchObject({ t: 'Zoë ☃ 𝄞', n: null, chars: 7 });
    expect(ours.fields.map((f) => f.name)).toEqual(['t', 'n', 'b', 'chars', 'big']);
  });

  it('answers the same without a file-system sync after each statement', async () => {
    const unsynced = new PGliteStatements(db, { syncToFs: false });
    const text = 'select * from things where id = $1';
    expect((await unsynced.query(text, [1])).rows).toEqual((await db.query(text, [1])).rows);
  });

  it('reports affected rows of writes', async () => {
    const result = await statements.query('update things set ok = $1 where id = $2', [false, 2]);
    expect(result.affectedRows).toBe(1);
    expect(result.rows).toEqual([]);
  });

  it('throws the database error with the query, and the session stays usable', async () => {
    await expect(statements.query('selec nonsense $1', [1])).rejects.toMatchObject({
      code: '42601',
      query: 'selec nonsense $1',
    });
    await expect(statements.query('insert into things (id) values ($1)', [1])).rejects.toMatchObject({
      code: '23505',
    });
    expect((await statements.query('select name from things where id = $1', [1])).rows).toEqual([
      { name: 'one' },
    ]);
  });

  it('keeps a prepared select * working after the table changes', async () => {
    const pool = new PGlitePool(db);
    const client = await pool.connect();
    try {
      const text = 'select * from things where id = $1';
      await client.query(text, [1]);
      await client.query('alter table things add column extra text', []);
      const { rows } = await client.query(text, [1]);
      expect(rows[0]).toHaveProperty('extra', null);
    } finally {
      client.release();
    }
  });

  it('keeps at most MAX_STATEMENTS texts prepared', async () => {
    const own = new PGliteStatements(db);
    for (let i = 0; i < MAX_STATEMENTS + 20; i++)
      expect((await own.query(`select $1::int + ${i} as n`, [1])).rows).toEqual([{ n: 1 + i }]);
    expect(own.size).toBe(MAX_STATEMENTS);
    expect((await own.query('select $1::int + 0 as n', [1])).rows).toEqual([{ n: 1 }]);
  });
});
