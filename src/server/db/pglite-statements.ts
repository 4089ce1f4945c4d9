/**
 * Parameterised queries on PGlite as named prepared statements (docs/architecture.md §3 "PGlite
 * facts"): PGlite's own `query()` parses, plans and describes the text again on every call, in six
 * separate trips through its engine. Here a text is parsed and described once (its parameter
 * types and result columns remembered), and each call is one trip of Bind, Execute and Sync, which
 * also lets PostgreSQL keep a generic plan. Values are serialised and rows parsed with the
 * instance's own serializers and parsers, exactly as `query()` does, so results are the same. The
 * answer is read from the engine's bytes as it writes them (`execProtocolRawStream`,
 * pglite-answer.ts), where `execProtocolStream` first makes an object of every message and
 * `execProtocol` also copies every byte twice into a raw buffer nobody here reads. The engine runs
 * synchronously inside that call, so several statements can run back to back (`queryEach`).
 */
import { parse, protocol, type messages as wire, type PGlite, type Results } from '@electric-sql/pglite';
import { AnswerReader, resultShape, type ResultShape } from './pglite-answer';

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
  shape: ResultShape;
  /** What every Bind of it starts with: the message type, room for its length, portal and name. */
  bindHead: Buffer;
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

/** Execute (unnamed portal, all rows) then Sync: the same bytes for every call. */
const EXECUTE_SYNC = concat([serialize.execute({}), serialize.sync()]);

/**
 * Bind, Execute and Sync in one buffer. Bind is written here rather than by PGlite's serializer,
 * whose general writer costs more than the select it binds: values go as text, or as binary
 * when a serializer gave bytes (as PGlite's own does), and the result columns as text.
 * PostgreSQL protocol, "Message Formats": Bind.
 */
function bindExecuteSync(prepared: Prepared, values: ReadonlyArray<string | Uint8Array | null>): Buffer {
  const count = values.length;
  let length = prepared.bindHead.length + 2 + 2 * count + 2 + 2;
  for (const value of values)
    length += 4 + (value === null ? 0 : typeof value === 'string' ? Buffer.byteLength(value) : value.length);
  const out = Buffer.allocUnsafe(length + EXECUTE_SYNC.length);
  let at = prepared.bindHead.copy(out, 0);
  out.writeInt32BE(length - 1, 1);
  at = out.writeInt16BE(count, at);
  for (const value of values) at = out.writeInt16BE(typeof value === 'string' || value === null ? 0 : 1, at);
  at = out.writeInt16BE(count, at);
  for (const value of values) {
    if (value === null) {
      at = out.writeInt32BE(-1, at);
    } else if (typeof value === 'string') {
      const size = out.write(value, at + 4, 'utf8');
      out.writeInt32BE(size, at);
      at += 4 + size;
    } else {
      at = out.writeInt32BE(value.length, at);
      out.set(value, at);
      at += value.length;
    }
  }
  at = out.writeInt16BE(0, at);
  out.set(EXECUTE_SYNC, at);
  return out;
}

/** PGlite's own decoration of a failed query (its `query()` does the same). */
function withQuery(error: unknown, text: string, parameters: readonly unknown[]): unknown {
  if (error && typeof error === 'object') Object.assign(error, { query: text, params: parameters });
  return error;
}

/**
 * A statement the engine has run already: PGlite's engine answers synchronously inside
 * `execProtocolRawStream`, whose promise (`done`) settles at once — it rejects only when the
 * engine itself failed — and `result()` gives the rows or throws the database error.
 */
interface Ran {
  done: Promise<void>;
  result(): Results<Record<string, unknown>>;
}

function failed(error: unknown): Ran {
  return {
    done: Promise.resolve(),
    result: () => {
      throw error;
    },
  };
}

export class PGliteStatements {
  readonly #db: PGlite;
  readonly #byText = new Map<string, Prepared>();
  readonly #syncToFs: boolean;

  /**
   * `syncToFs: false` skips PGlite's file-system sync after each statement, for a data directory
   * whose file system writes through already: NodeFS (Emscripten's NODEFS writes to the host's
   * files; PGlite 0.5's `NodeFS.syncToFs` does nothing), where the call only costs a mutex and
   * several awaits per query.
   */
  constructor(db: PGlite, options: { syncToFs?: boolean } = {}) {
    this.#db = db;
    this.#syncToFs = options.syncToFs ?? true;
  }

  get size(): number {
    return this.#byText.size;
  }

  /** Runs a parameterised query; the caller holds the one connection (PGlitePool). */
  async query(text: string, parameters: readonly unknown[]): Promise<Results<Record<string, unknown>>> {
    return this.#db.runExclusive(async () => {
      const ran = this.#run(text, parameters);
      try {
        await ran.done;
      } catch (error) {
        throw withQuery(error, text, parameters);
      }
      if (this.#syncToFs) await this.#db.syncToFs();
      return ran.result();
    });
  }

  /**
   * Runs several parameterised statements back to back, each its own implicit transaction, with
   * an outcome each (docs/performance.md "Server": one engine's work after another keeps its
   * memory in the processor's caches). The caller holds the one connection with no transaction
   * open (PGlitePool's batched reads).
   */
  async queryEach(
    statements: ReadonlyArray<{ text: string; parameters: readonly unknown[] }>,
  ): Promise<Array<PromiseSettledResult<Results<Record<string, unknown>>>>> {
    return this.#db.runExclusive(async () => {
      const ran = statements.map(({ text, parameters }) => this.#run(text, parameters));
      const done = await Promise.allSettled(ran.map((r) => r.done));
      if (this.#syncToFs) await this.#db.syncToFs();
      return ran.map((r, i): PromiseSettledResult<Results<Record<string, unknown>>> => {
        const engine = done[i]!;
        if (engine.status === 'rejected') return engine;
        try {
          return { status: 'fulfilled', value: r.result() };
        } catch (error) {
          return { status: 'rejected', reason: error };
        }
      });
    });
  }

  /** Prepares `text` if needed and runs it, now. */
  #run(text: string, parameters: readonly unknown[]): Ran {
    try {
      const prepared = this.#byText.get(text) ?? this.#prepare(text, parameters);
      if (!('name' in prepared)) return prepared;
      const values = parameters.map((value, i): string | Uint8Array | null => {
        if (value === null || value === undefined) return null;
        const serializer = this.#db.serializers[prepared.parameterTypes[i]!];
        return serializer ? (serializer(value) as string | Uint8Array) : String(value);
      });
      const answer = new AnswerReader(prepared.shape);
      const done = this.#db.execProtocolRawStream(bindExecuteSync(prepared, values), {
        syncToFs: false,
        onRawData: answer.push,
      });
      return {
        done,
        result: () => {
          try {
            return answer.result();
          } catch (error) {
            throw withQuery(error, text, parameters);
          }
        },
      };
    } catch (error) {
      return failed(withQuery(error, text, parameters));
    }
  }

  /** After a simple-protocol statement: drops every prepared statement if it may change the schema. */
  async afterSimple(text: string): Promise<void> {
    if (this.#byText.size === 0 || !CHANGES_SCHEMA.test(text)) return;
    this.#byText.clear();
    await this.#db.exec('deallocate all');
  }

  /** Parse and Describe, run now; a failure is returned as a statement that failed. */
  #prepare(text: string, parameters: readonly unknown[]): Prepared | Ran {
    const parts: Uint8Array[] = [];
    if (this.#byText.size >= MAX_STATEMENTS) {
      const [oldestText, oldest] = this.#byText.entries().next().value!;
      this.#byText.delete(oldestText);
      parts.push(serialize.close({ type: 'S', name: oldest.name }));
    }
    const name = `portal_${++lastName}`;
    parts.push(serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync());
    const messages: wire.BackendMessage[] = [];
    const parser = new protocol.Parser();
    const done = this.#db.execProtocolRawStream(concat(parts), {
      syncToFs: false,
      onRawData: (bytes) => parser.parse(bytes, (message) => messages.push(message)),
    });
    const error = messages.find((m) => m.name === 'error');
    if (error || !messages.some((m) => m.name === 'readyForQuery')) {
      return {
        done,
        result: () => {
          throw withQuery(
            error ?? new Error('PGlite ended its answer before ReadyForQuery'),
            text,
            parameters,
          );
        },
      };
    }
    const prepared = {
      name,
      parameterTypes: parse.parseDescribeStatementResults(messages),
      shape: resultShape(
        messages.find((m): m is wire.RowDescriptionMessage => m.name === 'rowDescription'),
        this.#db.parsers,
      ),
      // 'B', the length (written per call), the unnamed portal, the statement's name.
      bindHead: Buffer.from(`B\0\0\0\0\0${name}\0`, 'latin1'),
    };
    this.#byText.set(text, prepared);
    return prepared;
  }
}
