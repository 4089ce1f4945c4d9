/**
 * The database's own ceiling for the API's hottest kind of read (docs/architecture.md §4
 * "Server"): primary-key selects on an embedded PGlite, back to back, in this process, through
 * PGlite's `query()`. An authenticated one-query API read on PGlite is measured against it. The
 * same selects as prepared statements (src/server/db/pglite-statements.ts, what the server runs)
 * are measured alongside, so the table shows how much of the engine the API leaves unused.
 */
import { PGlite } from '@electric-sql/pglite';
import { PGliteStatements } from '../../../src/server/db/pglite-statements';

async function selectsPerSecond(seconds: number, select: (id: number) => Promise<unknown>): Promise<number> {
  let count = 0;
  const deadline = performance.now() + seconds * 1000;
  while (performance.now() < deadline) {
    await select((count % 5000) + 1);
    count++;
  }
  return Math.round(count / seconds);
}

export async function pgliteSelectsPerSecond(seconds: number): Promise<{ query: number; prepared: number }> {
  const db = new PGlite();
  try {
    await db.exec(
      'create table ceiling (id int primary key, name text, email text, created_at timestamptz default now());' +
        "insert into ceiling (id, name, email) select g, 'Provider ' || g, 'p' || g || '@clinic.example' from generate_series(1, 5000) g;",
    );
    const text = 'select * from ceiling where id = $1';
    const query = await selectsPerSecond(seconds, (id) => db.query(text, [id]));
    const statements = new PGliteStatements(db);
    const prepared = await selectsPerSecond(seconds, (id) => statements.query(text, [id]));
    return { query, prepared };
  } finally {
    await db.close();
  }
}
