/**
 * The NUL check of every `/api` request (docs/security.md "Honest errors"): it walks every string
 * and key, and its quick exit for values without text (empty params and query) skips nothing.
 */
import { describe, expect, it } from 'vitest';
import { NUL_MESSAGE, nulFields } from '../../../src/server/http/input-checks';

describe('nulFields', () => {
  it('finds nothing in values that hold no text', () => {
    for (const value of [undefined, null, {}, Object.create(null), 5, true])
      expect(nulFields(value, 'query')).toEqual([]);
  });

  it('finds U+0000 in a bare string, a null-prototype query, nested values and keys', () => {
    expect(nulFields('a\0b', 'body')).toEqual([{ field: 'body', message: NUL_MESSAGE }]);
    const query = Object.assign(Object.create(null) as object, { q: 'x\0' });
    expect(nulFields(query, 'query')).toEqual([{ field: 'q', message: NUL_MESSAGE }]);
    expect(nulFields({ a: [{ b: 'ok' }, { c: '\0' }] }, 'body')).toEqual([
      { field: 'a.1.c', message: NUL_MESSAGE },
    ]);
    expect(nulFields({ 'k\0': 1 }, 'body')).toEqual([{ field: 'body', message: `names ${NUL_MESSAGE}` }]);
  });
});
