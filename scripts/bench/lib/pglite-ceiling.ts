/**
 * The database's own ceiling for the API's hottest kind of read (docs/architecture.md §4
 * "Server"): primary-key selects on an embedded PGlite, back to back, in this process. An
 * authenticated one-query API read cannot be faster than this on PGlite.
 */
import { PGlite } from '@electric-sql/pglite';

export async function pgliteSelectsPerSecond(seconds: number): Promise<number> {
  const db = new PGlite();
  try {
    await db.exec(
      'create table ceiling (id int primary key, name text, email text, created_at timestamptz default now());' +
        "insert into ceiling (id, name, email) select g, 'Provider ' || g, 'p' || g || '@clinic.example' from generate_series(1, 5000) g;",
    );
    let count = 0;
    const deadline = performance.now() + seconds * 1000;
    while (performance.now() < deadline) {
      await db.query('select * from ceiling where id = $1', [(count % 5000) + 1]);
      count++;
    }
    return Math.round(count / seconds);
  } finally {
    await db.close();
  }
}
