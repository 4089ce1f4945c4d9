/** docs/lessons.md §4: history and live messages merged by id, never by arrival; paging anchors. */
import { describe, expect, it } from 'vitest';
import { catchUpQuery, mergeEntries, olderPageQuery } from '../../../../src/app/features/chat/entries';
import { entry } from './entry-fixture';

describe('mergeEntries', () => {
  it('keeps one entry per id and sorts by time, then by first sight', () => {
    const a = entry('a', { sentAt: 3000, seq: 1 });
    const b = entry('b', { sentAt: 1000, seq: 2 });
    const c = entry('c', { sentAt: 3000, seq: 0 });
    const merged = mergeEntries([a], [b, c, entry('a', { sentAt: 9999, seq: 9 })]);
    expect(merged.map((e) => e.id)).toEqual(['b', 'c', 'a']);
    expect(merged.find((e) => e.id === 'a')!.sentAt).toBe(3000);
  });

  it('combines what each copy knows: server copy, markers and failure', () => {
    const local = entry('m', { onServer: false, serverDate: null, readBy: [1], failed: true });
    const fromHistory = entry('m', { onServer: true, serverDate: 1234, readBy: [2], deliveredTo: [2] });
    const [merged] = mergeEntries([local], [fromHistory]);
    expect(merged).toMatchObject({
      onServer: true,
      serverDate: 1234,
      failed: false,
      readBy: [1, 2],
      deliveredTo: [2],
    });
  });

  it('fills the gap a reconnect left without duplicating what was already there', () => {
    const before = [entry('1', { sentAt: 1 }), entry('2', { sentAt: 2 }), entry('5', { sentAt: 5 })];
    const catchUp = [entry('2', { sentAt: 2 }), entry('3', { sentAt: 3 }), entry('4', { sentAt: 4 })];
    expect(mergeEntries(before, catchUp).map((e) => e.id)).toEqual(['1', '2', '3', '4', '5']);
  });

  it('returns the same array when nothing is new', () => {
    const current = [entry('x')];
    expect(mergeEntries(current, [current[0]!])).toBe(current);
  });
});

describe('paging anchors', () => {
  it('asks for the page before the oldest server date, skipping what we hold of that second', () => {
    const entries = [
      entry('a', { serverDate: 100 }),
      entry('b', { serverDate: 100 }),
      entry('c', { serverDate: 120 }),
      entry('local', { serverDate: null }),
    ];
    expect(olderPageQuery(entries, 10)).toEqual({
      'date_sent[lte]': 100,
      skip: 2,
      limit: 10,
      sort_desc: 'date_sent',
    });
    expect(olderPageQuery([entry('local', { serverDate: null })], 10)).toBeNull();
  });

  it('catches up from the newest second we know, oldest first', () => {
    const entries = [entry('a', { serverDate: 100 }), entry('b', { serverDate: 130 })];
    expect(catchUpQuery(entries, 50, 50)).toEqual({
      'date_sent[gte]': 130,
      skip: 50,
      limit: 50,
      sort_asc: 'date_sent',
    });
    expect(catchUpQuery([], 50)).toBeNull();
  });
});
