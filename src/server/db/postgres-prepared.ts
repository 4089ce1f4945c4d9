/**
 * Every parameterised statement Kysely sends to PostgreSQL goes as a named prepared statement
 * (docs/performance.md "Server"): each pooled connection parses and plans a statement's text
 * once, then only binds and executes it, as the embedded database does already
 * (pglite-statements.ts). Kysely's `pg` driver sends every query unnamed, so PostgreSQL parsed
 * and planned each of the several statements a stored chat message or a request makes, every
 * time. A text is named the first time it is seen, up to MAX_NAMED texts in the process (a text
 * built with a list of varying length is a new text each length); later texts go unnamed, as
 * before. A statement without parameters (BEGIN, COMMIT, DDL, several statements in one text)
 * always goes unnamed: the simple protocol runs it.
 */

/** The SQLSTATE of "cached plan must not change result type": the schema changed under a statement. */
export const STALE_PREPARED_STATEMENT = '0A000';
/** Named texts per process, so per connection at most this many prepared statements. */
const MAX_NAMED = 500;

/** The part of a pooled `pg` client the wrapper needs. */
export interface PooledClient {
  query(...args: unknown[]): Promise<unknown>;
  release(error?: Error | boolean): void;
}

/** The statement names given so far in this process, by text. */
export class StatementNames {
  readonly #byText = new Map<string, string>();
  readonly #prefix: string;

  constructor(prefix = 'portal_stmt_') {
    this.#prefix = prefix;
  }

  /** The name of `text`, given now if there is room; null when it goes unnamed. */
  nameOf(text: string): string | null {
    const known = this.#byText.get(text);
    if (known) return known;
    if (this.#byText.size >= MAX_NAMED) return null;
    const name = `${this.#prefix}${this.#byText.size + 1}`;
    this.#byText.set(text, name);
    return name;
  }
}

/** Kysely opens and ends its transactions with these texts, without parameters. */
const OPENS = /^\s*(begin|start\s+transaction)\b/i;
const ENDS = /^\s*(commit|rollback|end|abort)\b/i;

/**
 * `client` whose parameterised string queries run as named statements. A statement made stale by
 * another process's migration (STALE_PREPARED_STATEMENT) is sent again unnamed when it ran on its
 * own, and fails its caller inside a transaction (which the error has ended); either way the
 * connection is closed when released instead of reused, since its other statements may be stale too.
 */
export function preparingClient<C extends PooledClient>(client: C, names: StatementNames): C {
  let stale: Error | undefined;
  let inTransaction = false;
  const query = client.query.bind(client);
  const release = client.release.bind(client);
  return Object.assign(Object.create(client) as C, {
    query(...args: unknown[]) {
      const [text, values] = args;
      if (typeof text !== 'string' || !Array.isArray(values) || values.length === 0 || args.length > 2) {
        if (typeof text === 'string') {
          if (OPENS.test(text)) inTransaction = true;
          else if (ENDS.test(text)) inTransaction = false;
        }
        return query(...args);
      }
      const name = names.nameOf(text);
      if (!name) return query(text, values);
      return query({ name, text, values }).catch((error: unknown) => {
        if ((error as { code?: string }).code !== STALE_PREPARED_STATEMENT) throw error;
        stale = error as Error;
        if (inTransaction) throw error;
        return query(text, values);
      });
    },
    release(error?: Error | boolean) {
      release(error ?? stale);
    },
  });
}
