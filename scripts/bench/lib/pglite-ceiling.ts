/**
 * The database's own ceiling for the API's hottest kind of read (docs/performance.md
 * "Server"): primary-key selects on an embedded PGlite, back to back, in this process — as prepared
 * statements (src/server/db/pglite-statements.ts, what the server runs) and through PGlite's
 * `query()`, which parses and plans every call again. Measured in slices, so the bench can
 * interleave them with its HTTP loads.
 */
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_SETTINGS } from '../../../src/server/db/database';
import { PGliteStatements } from '../../../src/server/db/pglite-statements';

/** Selects done in a slice and the slice's length. */
export interface Slice {
  count: number;
  ms: number;
}

export interface PgliteCeiling {
  prepared(ms: number): Promise<Slice>;
  query(ms: number): Promise<Slice>;
  close(): Promise<void>;
}

const TEXT = 'select * from ceiling where id = $1';

export async function openPgliteCeiling(): Promise<PgliteCeiling> {
  // The server's settings (src/server/db/database.ts), in memory.
  const db = new PGlite({
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((s) => ['-c', s])],
  });
  await db.exec(
    'create table ceiling (id int primary key, name text, email text, created_at timestamptz default now());' +
      "insert into ceiling (id, name, email) select g, 'Provider ' || g, 'p' || g || '@clinic.example' from generate_series(1, 5000) g;",
  );
  const statements = new PGliteStatements(db);
  let next = 0;
  const slice = async (ms: number, select: (id: number) => Promise<unknown>): Promise<Slice> => {
    let count = 0;
    const started = performance.now();
    const deadline = started + ms;
    while (performance.now() < deadline) {
      await select((next++ % 5000) + 1);
      count++;
    }
    return { count, ms: performance.now() - started };
  };
  return {
    prepared: (ms) => slice(ms, (id) => statements.query(TEXT, [id])),
    query: (ms) => slice(ms, (id) => db.query(TEXT, [id])),
    close: () => db.close(),
  };
}
