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

interface QueuedRead {
  text: string;
  parameters: readonly unknown[];
  resolve(result: { rows: unknown[] }): void;
  reject(error: unknown): void;
}

export class PGlitePool implements PostgresPool {
  readonly #db: PGlite;
  readonly #statements: PGliteStatements;
  #held = false;
  /** Reads waiting for the next batch (`read`). */
  #reads: QueuedRead[] = [];
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
    this.#statements = statements;
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

  /**
   * One parameterised statement outside any transaction, run in a batch with the others asked for
   * in the same turn of the event loop (docs/performance.md "Server"): the batch waits for the
   * connection (behind a transaction in progress) and its statements run back to back, so the
   * engine's memory stays in the processor's caches between them rather than being pushed out by
   * the HTTP work of each request in between, which made each read cost twice as much.
   */
  read(text: string, parameters: readonly unknown[]): Promise<{ rows: unknown[] }> {
    return new Promise((resolve, reject) => {
      this.#reads.push({ text, parameters, resolve, reject });
      if (this.#reads.length === 1) setImmediate(() => void this.#runReads());
    });
  }

  async #runReads(): Promise<void> {
    let client: PostgresPoolClient;
    try {
      client = await this.connect();
    } catch (error) {
      for (const read of this.#reads.splice(0)) read.reject(error);
      return;
    }
    const reads = this.#reads;
    this.#reads = [];
    let outcomes;
    try {
      outcomes = await this.#statements.queryEach(reads);
    } catch (error) {
      for (const read of reads) read.reject(error);
      return;
    } finally {
      client.release();
    }
    outcomes.forEach((outcome, i) => {
      if (outcome.status === 'fulfilled') reads[i]!.resolve({ rows: outcome.value.rows });
      else reads[i]!.reject(outcome.reason);
    });
  }

  async end(): Promise<void> {
    await this.#db.close();
  }
}
