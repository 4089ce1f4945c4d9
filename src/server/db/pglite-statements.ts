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
  columns: wire.RowDescriptionMessage | undefined;
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
 * The result of one prepared statement's messages, as PGlite's `parseResults` makes it (rows by
 * column name, each value through the instance's parser for its type, `affectedRows` counted for
 * writes), without its general walk over any number of statements.
 */
function resultOf(
  columns: wire.RowDescriptionMessage | undefined,
  messages: readonly wire.BackendMessage[],
  parsers: PGlite['parsers'],
): Results<Record<string, unknown>> {
  const fields = columns ? columns.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })) : [];
  const rows: Array<Record<string, unknown>> = [];
  let affectedRows = 0;
  for (const message of messages) {
    if (message.name === 'dataRow') {
      const row: Record<string, unknown> = {};
      const values = (message as wire.DataRowMessage).fields;
      for (let i = 0; i < fields.length; i++) {
        const { name, dataTypeID } = fields[i]!;
        const value = values[i] ?? null;
        const parser = value === null ? undefined : parsers[dataTypeID];
        row[name] = value === null ? null : parser ? parser(value, dataTypeID) : value;
      }
      rows.push(row);
    } else if (message.name === 'commandComplete') {
      const words = (message as wire.CommandCompleteMessage).text.split(' ');
      if (WRITES.has(words[0]!)) affectedRows += parseInt(words[words.length - 1]!, 10);
    }
  }
  return { rows, fields, affectedRows };
}

const WRITES = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

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
      const prepared = this.#byText.get(text) ?? (await this.#prepare(text, parameters));
      const values = parameters.map((value, i): string | Uint8Array | null => {
        if (value === null || value === undefined) return null;
        const serializer = this.#db.serializers[prepared.parameterTypes[i]!];
        return serializer ? (serializer(value) as string | Uint8Array) : String(value);
      });
      let messages;
      try {
        messages = await this.#db.execProtocolStream(bindExecuteSync(prepared, values), {
          syncToFs: this.#syncToFs,
        });
      } catch (error) {
        throw withQuery(error, text, parameters);
      }
      return resultOf(prepared.columns, messages, this.#db.parsers);
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
      columns: messages.find((m): m is wire.RowDescriptionMessage => m.name === 'rowDescription'),
      // 'B', the length (written per call), the unnamed portal, the statement's name.
      bindHead: Buffer.from(`B\0\0\0\0\0${name}\0`, 'latin1'),
    };
    this.#byText.set(text, prepared);
    return prepared;
  }
}
