/**
 * PGlite's answer read from the engine's bytes (src/server/db/pglite-answer.ts): however the bytes
 * are cut into chunks, the rows, the affected rows and the database error come out whole.
 */
import { describe, expect, it } from 'vitest';
import { AnswerReader, type ResultShape } from '../../../src/server/db/pglite-answer';

function message(code: string, body: Buffer): Buffer {
  const head = Buffer.alloc(5);
  head.write(code, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

function dataRow(values: Array<string | null>): Buffer {
  const parts = [Buffer.from([values.length >> 8, values.length & 0xff])];
  for (const value of values) {
    const size = Buffer.alloc(4);
    if (value === null) {
      size.writeInt32BE(-1);
      parts.push(size);
    } else {
      const bytes = Buffer.from(value, 'utf8');
      size.writeInt32BE(bytes.length);
      parts.push(size, bytes);
    }
  }
  return message('D', Buffer.concat(parts));
}

const cstring = (text: string) => Buffer.from(`${text}\0`, 'utf8');
const ready = message('Z', Buffer.from('I'));

const shape: ResultShape = {
  fields: [
    { name: 'id', dataTypeID: 23 },
    { name: 'name', dataTypeID: 25 },
    { name: 'at', dataTypeID: 1184 },
  ],
  parsers: [(text) => Number(text), undefined, (text) => new Date(text)],
};

/** Feeds `bytes` cut at every position given, as the engine's write callback would. */
function read(bytes: Buffer, cuts: number[]): AnswerReader {
  const answer = new AnswerReader(shape);
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    // The engine hands out views into its memory, reused after the call: copy, then spoil the copy.
    const chunk = new Uint8Array(bytes.subarray(from, cut));
    answer.push(chunk);
    chunk.fill(0);
    from = cut;
  }
  return answer;
}

describe('AnswerReader', () => {
  const answer = Buffer.concat([
    message('2', Buffer.alloc(0)),
    dataRow(['1', 'Zoë ☃ 𝄞', '2026-01-02 03:04:05+00']),
    dataRow(['2', null, null]),
    message('C', cstring('SELECT 2')),
    ready,
  ]);
  const rows = [
    { id: 1, name: 'Zoë ☃ 𝄞', at: new Date('2026-01-02T03:04:05Z') },
    { id: 2, name: null, at: null },
  ];

  it('reads rows by column name through each column’s parser', () => {
    const result = read(answer, []).result();
    expect(result.rows).toEqual(rows);
    expect(result.fields.map((f) => f.name)).toEqual(['id', 'name', 'at']);
    expect(result.affectedRows).toBe(0);
  });

  it('reads the same rows whatever chunks the bytes come in', () => {
    for (let cut = 1; cut < answer.length; cut++) expect(read(answer, [cut]).result().rows).toEqual(rows);
    const everyByte = Array.from({ length: answer.length - 1 }, (_, i) => i + 1);
    expect(read(answer, everyByte).result().rows).toEqual(rows);
  });

  it('counts the rows a write affected', () => {
    const write = Buffer.concat([message('2', Buffer.alloc(0)), message('C', cstring('UPDATE 3')), ready]);
    expect(read(write, [3]).result().affectedRows).toBe(3);
  });

  it('throws the first database error, with its code', () => {
    const error = message(
      'E',
      Buffer.concat([cstring('SERROR'), cstring('C23505'), cstring('Mduplicate key'), Buffer.from([0])]),
    );
    const reader = read(Buffer.concat([error, ready]), [7]);
    expect(() => reader.result()).toThrow(
      expect.objectContaining({ code: '23505', message: 'duplicate key' }),
    );
  });

  it('refuses an answer cut short before ReadyForQuery', () => {
    expect(() => read(answer.subarray(0, answer.length - ready.length), []).result()).toThrow(
      /before ReadyForQuery/,
    );
  });
});
