/**
 * A pool of exactly one PGlite connection for Kysely's PostgresDialect (docs/architecture.md §3 "PGlite
 * facts"): PGlite is a single session, so each `connect()` waits in a queue until the previous
 * holder releases it, or two requests' transactions would interleave. Parameterised queries run as
 * prepared statements (pglite-statements.ts).
 */
import type { PGlite } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import { PGliteStatements } from './pglite-statements';

type Command = PostgresQueryResult<unknown>['command'];

function commandOf(sql: string): Command {
  const match = /^\s*(?:with\b[\s\S]*?\)\s*)?(insert|update|delete|merge|select)\b/i.exec(sql);
  return (match?.[1]?.toUpperCase() ?? 'SELECT') as Command;
}

export class PGlitePool implements PostgresPool {
  readonly #db: PGlite;
  #held = false;
  readonly #waiting: Array<() => void> = [];
  /**
   * The one client, the same object on every `connect()`: Kysely keeps its connection wrapper per
   * client object, so a new object per checkout would make it build (and weakly remember) a new
   * one for every query. Kysely releases each checkout exactly once; a release while nothing is
   * held does nothing.
   */
  readonly #client: PostgresPoolClient;

  /** `options` go to the prepared statements (pglite-statements.ts). */
  constructor(db: PGlite, options: { syncToFs?: boolean } = {}) {
    this.#db = db;
    const statements = new PGliteStatements(db, options);
    const client = {
      async query(sql: string, parameters: readonly unknown[]) {
        // Without parameters use the simple protocol, which also runs multi-statement migrations.
        if (parameters.length === 0) {
          const results = await db.exec(sql);
          await statements.afterSimple(sql);
          const last = results[results.length - 1];
          return {
            command: commandOf(sql),
            rowCount: last?.affectedRows ?? last?.rows.length ?? 0,
            rows: last?.rows ?? [],
          };
        }
        const result = await statements.query(sql, parameters);
        return {
          command: commandOf(sql),
          rowCount: result.affectedRows ?? result.rows.length,
          rows: result.rows,
        };
      },
      release: () => {
        if (!this.#held) return;
        const next = this.#waiting.shift();
        if (next) next();
        else this.#held = false;
      },
    };
    this.#client = client as unknown as PostgresPoolClient;
  }

  async connect(): Promise<PostgresPoolClient> {
    // Handed over by `release` with #held still set, so no one can take it in between.
    if (this.#held) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#held = true;
    return this.#client;
  }

  async end(): Promise<void> {
    await this.#db.close();
  }
}
