/**
 * PGlite's answer to one prepared statement, read straight from the bytes its engine writes
 * (docs/performance.md "Server"): rows by column name, each value through the instance's
 * parser for its type, `affectedRows` counted for writes, as PGlite's `query()` makes them.
 * PGlite's own reader turns every message into an object first (copying the bytes, decoding every
 * field) and only then into rows, which cost a hot read about as much as a third of the engine's
 * work. PostgreSQL protocol, "Message Formats": DataRow, CommandComplete, ErrorResponse,
 * ReadyForQuery. Notices are dropped, as PGlite drops them without `onNotice`; notifications
 * (LISTEN/NOTIFY) are not delivered: nothing listens on PGlite, the event relay runs on
 * PostgreSQL only (src/server/events/pg-relay.ts).
 */
import { protocol, type messages as wire, type PGlite, type Results } from '@electric-sql/pglite';

type ValueParser = PGlite['parsers'][number];

/** The result columns of a prepared statement, with the parser of each (none: the text is the value). */
export interface ResultShape {
  fields: ReadonlyArray<{ name: string; dataTypeID: number }>;
  parsers: ReadonlyArray<ValueParser | undefined>;
}

export function resultShape(
  columns: wire.RowDescriptionMessage | undefined,
  parsers: PGlite['parsers'],
): ResultShape {
  const fields = (columns?.fields ?? []).map((f) => ({ name: f.name, dataTypeID: f.dataTypeID }));
  return { fields, parsers: fields.map((f) => parsers[f.dataTypeID]) };
}

const DATA_ROW = 0x44; // 'D'
const COMMAND_COMPLETE = 0x43; // 'C'
const ERROR_RESPONSE = 0x45; // 'E'
const READY_FOR_QUERY = 0x5a; // 'Z'
const WRITES = new Set(['INSERT', 'UPDATE', 'DELETE', 'COPY', 'MERGE']);

/** Collects one statement's answer; `push` is PGlite's `onRawData`, called while the engine runs. */
export class AnswerReader {
  readonly #shape: ResultShape;
  readonly #rows: Array<Record<string, unknown>> = [];
  #affectedRows = 0;
  #error: wire.DatabaseError | null = null;
  #ready = false;
  /** The start of a message whose end is in the next chunk. */
  #rest: Buffer | null = null;

  constructor(shape: ResultShape) {
    this.#shape = shape;
  }

  /** The engine's bytes are a view into its memory, valid only during this call. */
  readonly push = (chunk: Uint8Array): void => {
    let bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (this.#rest) bytes = Buffer.concat([this.#rest, bytes]);
    this.#rest = null;
    let at = 0;
    while (at + 5 <= bytes.length) {
      const end = at + 1 + bytes.readInt32BE(at + 1);
      if (end > bytes.length) break;
      this.#message(bytes, bytes[at]!, at, end);
      at = end;
    }
    if (at < bytes.length) this.#rest = Buffer.from(bytes.subarray(at));
  };

  #message(bytes: Buffer, code: number, start: number, end: number): void {
    if (code === DATA_ROW) this.#rows.push(this.#row(bytes, start + 5));
    else if (code === COMMAND_COMPLETE) {
      const words = bytes.toString('utf8', start + 5, end - 1).split(' ');
      if (WRITES.has(words[0]!)) this.#affectedRows += parseInt(words[words.length - 1]!, 10);
    } else if (code === ERROR_RESPONSE && !this.#error) {
      // Rare: PGlite's own parser builds the DatabaseError exactly as its query() throws it.
      new protocol.Parser().parse(bytes.subarray(start, end), (message) => {
        this.#error = message as wire.DatabaseError;
      });
    } else if (code === READY_FOR_QUERY) this.#ready = true;
  }

  #row(bytes: Buffer, start: number): Record<string, unknown> {
    const { fields, parsers } = this.#shape;
    const row: Record<string, unknown> = {};
    let at = start + 2;
    for (let i = 0; i < fields.length; i++) {
      const size = bytes.readInt32BE(at);
      at += 4;
      const field = fields[i]!;
      if (size < 0) {
        row[field.name] = null;
        continue;
      }
      const text = bytes.toString('utf8', at, at + size);
      at += size;
      const parse = parsers[i];
      row[field.name] = parse ? parse(text, field.dataTypeID) : text;
    }
    return row;
  }

  /** The result, or the first database error; an answer cut short (no ReadyForQuery) is an error too. */
  result(): Results<Record<string, unknown>> {
    if (this.#error) throw this.#error;
    if (!this.#ready) throw new Error('PGlite ended its answer before ReadyForQuery');
    return { rows: this.#rows, fields: this.#shape.fields.slice(), affectedRows: this.#affectedRows };
  }
}
