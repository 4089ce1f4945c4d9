/** docs/security.md "Chat-service input": what no /qb field can hold, refused before it reaches the database. */
import { describe, expect, it } from 'vitest';
import { dateTime, wholeNumber } from '../../../src/server/qb/filter-values';
import { checkInput, int32, intList, MAX_DEPTH } from '../../../src/server/qb/params';
import { QbError } from '../../../src/server/qb/wire';

function refusal(run: () => unknown): QbError {
  try {
    run();
  } catch (error) {
    if (error instanceof QbError) return error;
    throw error;
  }
  throw new Error('not refused');
}

describe('checkInput', () => {
  it('refuses NUL in values and keys at any depth, naming the top-level field', () => {
    expect(refusal(() => checkInput({ user: { full_name: 'a\u0000b' } })).errors).toEqual({
      user: ['must not contain NUL characters'],
    });
    expect(refusal(() => checkInput({ 'a\u0000': '1' })).status).toBe(422);
    expect(refusal(() => checkInput({ list: ['ok', { k: ['\u0000'] }] })).errors).toHaveProperty('list');
  });

  it('refuses nesting past MAX_DEPTH, as JSON or as bracketed keys, without recursion', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 200_000; i++) deep = { a: deep };
    expect(refusal(() => checkInput({ f: deep })).errors).toHaveProperty('f');
    expect(refusal(() => checkInput({ [`a${'[b]'.repeat(MAX_DEPTH)}`]: '1' })).errors).toHaveProperty('a');
    let ok: unknown = 'x';
    for (let i = 0; i < MAX_DEPTH - 1; i++) ok = { a: ok };
    expect(() => checkInput({ f: ok, 'user[login]': 'ava', n: 1, none: null })).not.toThrow();
  });
});

describe('numbers and dates for columns', () => {
  it('keeps ids in the integer range', () => {
    expect(int32('2147483647')).toBe(2147483647);
    expect(int32('2147483648')).toBeUndefined();
    expect(intList('1, 2')).toEqual([1, 2]);
    expect(intList('1,9999999999')).toBeNull();
  });

  it('refuses whole numbers out of range, decimals and dates PostgreSQL cannot hold', () => {
    expect(wholeNumber('date_sent', '1700000000', 64)).toBe(1700000000);
    expect(refusal(() => wholeNumber('date_sent', '99999999999999999999999', 64)).errors).toEqual({
      date_sent: ['99999999999999999999999 is out of range'],
    });
    expect(refusal(() => wholeNumber('sender_id', '9999999999', 32)).status).toBe(422);
    expect(refusal(() => wholeNumber('sender_id', '1.5', 32)).status).toBe(422);
    expect(dateTime('created_at', '1700000000').toISOString()).toBe('2023-11-14T22:13:20.000Z');
    expect(refusal(() => dateTime('created_at', '-200000-01-01T00:00:00Z')).status).toBe(422);
    expect(refusal(() => dateTime('created_at', '99999999999999999999999')).status).toBe(422);
  });
});
