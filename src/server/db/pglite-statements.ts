/**
 * Parameterised queries on PGlite as named prepared statements (docs/architecture.md §3 "PGlite
 * facts"): PGlite's own `query()` parses, plans and describes the text again on every call, in six
 * separate trips through its engine. Here a text is parsed and described once (its parameter
 * types and result columns remembered), and each call is one trip of Bind, Execute and Sync, which
 * also lets PostgreSQL keep a generic plan. Values are serialised and rows parsed with the instance's own serializers and
 * parsers, exactly as `query()` does, so results are the same. Like `query()`, the answer is read with
 * `execProtocolStream`: its messages are parsed as they come, where `execProtocol` also copies every
 * byte of the answer twice into a raw buffer nobody here reads.
 */
import { parse, protocol, type messages as wire, type PGlite, type Results } from '@electric-sql/pglite';

const { serialize } = protocol;

/** Distinct texts kept prepared; beyond it the oldest is closed. */
export const MAX_STATEMENTS = 256;

/**
 * Statements after which a prepared `select *` could change its result type: PostgreSQL would
 * refuse it, so every prepared statement is dropped when one of these runs.
 */
const CHANGES_SCHEMA = /\b(create|alter|drop|truncate)\s/i;

/** Names are unique in the process, so two users of one PGlite session never collide. */
let lastName = 0;

interface Prepared {
  name: string;
  parameterTypes: number[];
  /** The result columns (none for a write without `returning`). */
  columns: wire.BackendMessage | undefined;
}

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

/** PGlite's own decoration of a failed query (its `query()` does the same). */
function withQuery(error: unknown, text: string, parameters: readonly unknown[]): unknown {
  if (error && typeof error === 'object') Object.assign(error, { query: text, params: parameters });
  return error;
}

export class PGliteStatements {
  readonly #db: PGlite;
  readonly #byText = new Map<string, Prepared>();

  constructor(db: PGlite) {
    this.#db = db;
  }

  get size(): number {
    return this.#byText.size;
  }

  /** Runs a parameterised query; the caller holds the one connection (PGlitePool). */
  async query(text: string, parameters: readonly unknown[]): Promise<Results<Record<string, unknown>>> {
    return this.#db.runExclusive(async () => {
      const prepared = this.#byText.get(text) ?? (await this.#prepare(text, parameters));
      const values = parameters.map((value, i) => {
        if (value === null || value === undefined) return null;
        const serializer = this.#db.serializers[prepared.parameterTypes[i]!];
        return serializer ? serializer(value) : String(value);
      });
      let messages;
      try {
        messages = await this.#db.execProtocolStream(
          concat([
            serialize.bind({ statement: prepared.name, values }),
            serialize.execute({}),
            serialize.sync(),
          ]),
        );
      } catch (error) {
        throw withQuery(error, text, parameters);
      }
      if (prepared.columns) messages.unshift(prepared.columns);
      return parse.parseResults(messages, this.#db.parsers)[0] ?? { rows: [], fields: [], affectedRows: 0 };
    });
  }

  /** After a simple-protocol statement: drops every prepared statement if it may change the schema. */
  async afterSimple(text: string): Promise<void> {
    if (this.#byText.size === 0 || !CHANGES_SCHEMA.test(text)) return;
    this.#byText.clear();
    await this.#db.exec('deallocate all');
  }

  async #prepare(text: string, parameters: readonly unknown[]): Promise<Prepared> {
    const parts: Uint8Array[] = [];
    if (this.#byText.size >= MAX_STATEMENTS) {
      const [oldestText, oldest] = this.#byText.entries().next().value!;
      this.#byText.delete(oldestText);
      parts.push(serialize.close({ type: 'S', name: oldest.name }));
    }
    const name = `portal_${++lastName}`;
    parts.push(serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync());
    let messages;
    try {
      messages = await this.#db.execProtocolStream(concat(parts));
    } catch (error) {
      throw withQuery(error, text, parameters);
    }
    const prepared = {
      name,
      parameterTypes: parse.parseDescribeStatementResults(messages),
      columns: messages.find((m) => m.name === 'rowDescription'),
    };
    this.#byText.set(text, prepared);
    return prepared;
  }
}
