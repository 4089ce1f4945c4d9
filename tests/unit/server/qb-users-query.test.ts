/** docs/wire/hosted-chat.md §4: user filters arrive comma-joined in ONE filter[] value; order strings. */
import { describe, expect, it } from 'vitest';
import { parseUserFilters, parseUserOrder } from '../../../src/server/qb/users-query';

describe('user filters and order (§4)', () => {
  it('split a comma-joined filter[] back into items, keeping "in" lists whole', () => {
    expect(parseUserFilters('number id in 1,2,3,string login eq member-ava')).toEqual([
      { field: 'id', operator: 'in', value: '1,2,3' },
      { field: 'login', operator: 'eq', value: 'member-ava' },
    ]);
  });

  it('also take repeated filter[] keys', () => {
    expect(parseUserFilters(['date created_at gt 1700000000', 'string full_name eq Ava Thompson'])).toEqual([
      { field: 'created_at', operator: 'gt', value: '1700000000' },
      { field: 'full_name', operator: 'eq', value: 'Ava Thompson' },
    ]);
  });

  it('refuse unknown fields, operators and shapes', () => {
    expect(() => parseUserFilters('string password eq x')).toThrow(/cannot filter by password/);
    expect(() => parseUserFilters('number id like 1')).toThrow(/unknown operator like/);
    expect(() => parseUserFilters('id = 1')).toThrow(/must be/);
  });

  it('read "<asc|desc> <type> <field>" orders', () => {
    expect(parseUserOrder('desc string full_name')).toEqual({ column: 'full_name', direction: 'desc' });
    expect(parseUserOrder(undefined)).toEqual({ column: 'id', direction: 'asc' });
    expect(() => parseUserOrder('sideways string login')).toThrow();
  });
});
