/**
 * A hot read's Kysely query built and compiled once per database, then run with each call's
 * parameters (docs/performance.md "Server"): building and compiling a select of many columns
 * costs about as much as running it on PGlite as a prepared statement. On the embedded database
 * it runs without Kysely's executor, in the pool's batch of reads (pglite-pool.ts `read`); on
 * PostgreSQL without it too, as the named prepared statement every parameterised statement is
 * there (postgres-prepared.ts); in a transaction (another `db`) through Kysely. `build` gets
 * placeholder values; they must come out as the compiled query's parameters, in order, or the
 * first call throws.
 */
import type { Compilable, CompiledQuery } from 'kysely';
import { pglitePoolOf, postgresReadsOf, type Database } from './database';

export function compiledOnce<Row, Params extends readonly unknown[]>(
  build: (db: Database, ...parameters: Params) => Compilable<Row>,
  placeholders: Params,
): (db: Database, ...parameters: Params) => Promise<Row[]> {
  const byDatabase = new WeakMap<Database, CompiledQuery<Row>>();
  return async (db, ...parameters) => {
    let compiled = byDatabase.get(db);
    if (!compiled) {
      compiled = build(db, ...placeholders).compile();
      const same =
        compiled.parameters.length === placeholders.length &&
        compiled.parameters.every((value, i) => value === placeholders[i]);
      if (!same) throw new Error(`compiledOnce: the placeholders are not the parameters of ${compiled.sql}`);
      byDatabase.set(db, compiled);
    }
    const pool = pglitePoolOf(db);
    if (pool) return (await pool.read(compiled.sql, parameters)).rows as Row[];
    const prepared = postgresReadsOf(db);
    if (prepared) return prepared.read<Row>(compiled.sql, parameters);
    return (await db.executeQuery<Row>({ ...compiled, parameters })).rows;
  };
}
