/** docs/wire/hosted-chat.md §2.2 form encoding, and the server reading it back (§21.2 quirks). */
import { describe, expect, it } from 'vitest';
import type { FastifyRequest } from 'fastify';
import { encodeForm } from '../../../src/rest';
import { intList, list, readParams } from '../../../src/server/qb/params';

const request = (query: unknown, body?: unknown) => ({ query, body }) as unknown as FastifyRequest;

describe('form encoding (§2.2)', () => {
  it('sorts the pairs, nests objects one level and joins arrays into one key[] value', () => {
    expect(
      encodeForm({
        user: { login: 'ava', password: 'a b' },
        filter: ['string login eq ava', 'number id gt 5'],
        application_id: 1001,
        skip: undefined,
      }),
    ).toBe(
      'application_id=1001&filter[]=string%20login%20eq%20ava%2Cnumber%20id%20gt%205&user[login]=ava&user[password]=a%20b',
    );
  });

  it('refuses objects nested deeper than one level instead of sending "[object Object]"', () => {
    expect(() => encodeForm({ data: { inner: { deep: 1 } } })).toThrow(/nested too deeply/);
  });
});

describe('the server reads what the SDK sends (§21.2)', () => {
  it('nests a[b] keys, keeps a[] values, merges query and body', () => {
    const params = readParams(
      request(
        { 'type[in]': '1,2', limit: '10' },
        { 'user[login]': 'ava', 'filter[]': 'number id in 1,2,3', 'attachments[0][type]': 'image' },
      ),
    );
    expect(params).toEqual({
      type: { in: '1,2' },
      limit: '10',
      user: { login: 'ava' },
      filter: 'number id in 1,2,3',
      attachments: { 0: { type: 'image' } },
    });
  });

  it('reads occupants as "1, 2", arrays or repeated keys', () => {
    expect(intList('1, 2')).toEqual([1, 2]);
    expect(intList(['3', 4])).toEqual([3, 4]);
    expect(intList('1, x')).toBeNull();
    expect(list(['a,b', 'c'])).toEqual(['a', 'b', 'c']);
  });

  it('takes JSON bodies as they are and ignores prototype keys', () => {
    const params = readParams(request({}, { push_all: { occupants_ids: [1, 2] }, '__proto__[x]': 1 }));
    expect(params).toEqual({ push_all: { occupants_ids: [1, 2] } });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
