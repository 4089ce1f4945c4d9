/**
 * Availability rules of docs/lessons.md §17 in time zones: weekly hours and overrides expand to the
 * right instants on both sides of daylight-saving changes, and bookings are checked against them.
 */
import { describe, expect, it } from 'vitest';
import {
  bookableSlots,
  checkBooking,
  expandAvailability,
  type ScheduleRules,
} from '../../src/server/schedule/availability';
import { isoWeekday, mondayOf } from '../../src/shared/time/calendar';
import { instantAt, localDateAt } from '../../src/shared/time/zoned';

const iso = (ms: number) => new Date(ms).toISOString();
const at = (s: string) => Date.parse(s);

function rules(over: Partial<ScheduleRules> = {}): ScheduleRules {
  return {
    timezone: 'Europe/London',
    consultationMinutes: 45,
    bufferMinutes: 15,
    horizonDays: 60,
    minNoticeHours: 2,
    weekly: [
      { weekday: 1, startMinute: 9 * 60, endMinute: 12 * 60 },
      { weekday: 7, startMinute: 0, endMinute: 4 * 60 },
    ],
    overrides: [],
    ...over,
  };
}

describe('local time helpers', () => {
  it('finds local dates and weekdays in a zone', () => {
    expect(localDateAt(at('2026-03-29T03:30:00Z'), 'America/New_York')).toBe('2026-03-28');
    expect(localDateAt(at('2026-03-28T23:30:00Z'), 'Asia/Tokyo')).toBe('2026-03-29');
    expect(isoWeekday('2026-03-29')).toBe(7);
    expect(isoWeekday('2026-03-30')).toBe(1);
    expect(mondayOf('2026-03-29')).toBe('2026-03-23');
  });
});

describe('expandAvailability', () => {
  it('keeps wall-clock hours across the spring change (Europe/London, 29 March 2026)', () => {
    const before = expandAvailability(rules(), at('2026-03-23T00:00:00Z'), at('2026-03-24T00:00:00Z'));
    const after = expandAvailability(rules(), at('2026-03-30T00:00:00Z'), at('2026-03-31T00:00:00Z'));
    expect(before.map((w) => [iso(w.start), iso(w.end)])).toEqual([
      ['2026-03-23T09:00:00.000Z', '2026-03-23T12:00:00.000Z'],
    ]);
    // 09:00 BST is 08:00 UTC.
    expect(after.map((w) => [iso(w.start), iso(w.end)])).toEqual([
      ['2026-03-30T08:00:00.000Z', '2026-03-30T11:00:00.000Z'],
    ]);
  });

  it('shortens hours that span the missing hour and lengthens those that span the repeated one', () => {
    const spring = expandAvailability(rules(), at('2026-03-29T00:00:00Z'), at('2026-03-29T12:00:00Z'));
    expect(spring).toHaveLength(1);
    expect((spring[0]!.end - spring[0]!.start) / 3600_000).toBe(3);
    const autumn = expandAvailability(rules(), at('2026-10-24T12:00:00Z'), at('2026-10-25T12:00:00Z'));
    expect(autumn).toHaveLength(1);
    expect(iso(autumn[0]!.start)).toBe('2026-10-24T23:00:00.000Z');
    expect((autumn[0]!.end - autumn[0]!.start) / 3600_000).toBe(5);
  });

  it('places hours in the provider zone, whatever zone the range was asked in', () => {
    const ny = rules({ timezone: 'America/New_York' });
    // US clocks change on 8 March 2026, two weeks before Europe's.
    const w = expandAvailability(ny, at('2026-03-16T00:00:00Z'), at('2026-03-17T00:00:00Z'));
    expect(w.map((x) => iso(x.start))).toEqual(['2026-03-16T13:00:00.000Z']);
    const winter = expandAvailability(ny, at('2026-03-02T00:00:00Z'), at('2026-03-03T00:00:00Z'));
    expect(winter.map((x) => iso(x.start))).toEqual(['2026-03-02T14:00:00.000Z']);
  });

  it('adds extra hours and removes days off', () => {
    const r = rules({
      overrides: [
        { date: '2026-03-23', kind: 'DAY_OFF', startMinute: null, endMinute: null },
        { date: '2026-03-24', kind: 'EXTRA', startMinute: 18 * 60, endMinute: 20 * 60 },
      ],
    });
    const w = expandAvailability(r, at('2026-03-23T00:00:00Z'), at('2026-03-25T00:00:00Z'));
    expect(w).toEqual([
      { start: at('2026-03-24T18:00:00Z'), end: at('2026-03-24T20:00:00Z'), kind: 'EXTRA' },
    ]);
  });

  it('merges extra hours that touch weekly hours', () => {
    const r = rules({
      overrides: [{ date: '2026-03-23', kind: 'EXTRA', startMinute: 12 * 60, endMinute: 14 * 60 }],
    });
    const w = expandAvailability(r, at('2026-03-23T00:00:00Z'), at('2026-03-24T00:00:00Z'));
    expect(w.map((x) => [iso(x.start), iso(x.end)])).toEqual([
      ['2026-03-23T09:00:00.000Z', '2026-03-23T14:00:00.000Z'],
    ]);
  });

  it('clips windows to the range asked for', () => {
    const w = expandAvailability(rules(), at('2026-03-23T10:00:00Z'), at('2026-03-23T11:00:00Z'));
    expect(w.map((x) => [iso(x.start), iso(x.end)])).toEqual([
      ['2026-03-23T10:00:00.000Z', '2026-03-23T11:00:00.000Z'],
    ]);
  });
});

describe('checkBooking', () => {
  const now = at('2026-03-20T12:00:00Z');

  it('accepts a consultation inside the hours, in the zone of the day (BST after the change)', () => {
    expect(checkBooking(rules(), [], at('2026-03-30T08:00:00Z'), now)).toEqual({
      ok: true,
      end: at('2026-03-30T08:45:00Z'),
    });
    // 09:00 UTC on 30 March is 10:00 BST: still inside; 10:30 UTC would end after 12:00 BST.
    expect(checkBooking(rules(), [], at('2026-03-30T10:30:00Z'), now)).toEqual({
      ok: false,
      reason: 'OUTSIDE_AVAILABILITY',
    });
  });

  it('refuses the past, short notice and beyond the horizon', () => {
    expect(checkBooking(rules(), [], at('2026-03-20T11:00:00Z'), now)).toMatchObject({ reason: 'IN_PAST' });
    expect(checkBooking(rules(), [], at('2026-03-20T13:00:00Z'), now)).toMatchObject({ reason: 'TOO_SOON' });
    expect(checkBooking(rules(), [], at('2026-06-01T08:00:00Z'), now)).toMatchObject({ reason: 'TOO_FAR' });
  });

  it('refuses overlaps, counting the buffer after each consultation', () => {
    const busy = [{ start: at('2026-03-23T09:00:00Z'), end: at('2026-03-23T09:45:00Z') }];
    expect(checkBooking(rules(), busy, at('2026-03-23T09:30:00Z'), now)).toMatchObject({ reason: 'OVERLAP' });
    expect(checkBooking(rules(), busy, at('2026-03-23T09:50:00Z'), now)).toMatchObject({ reason: 'OVERLAP' });
    expect(checkBooking(rules(), busy, at('2026-03-23T10:00:00Z'), now)).toMatchObject({ ok: true });
  });

  it('lists bookable slots of a day, leaving taken ones out', () => {
    const busy = [{ start: at('2026-03-23T10:00:00Z'), end: at('2026-03-23T10:45:00Z') }];
    const slots = bookableSlots(rules(), busy, at('2026-03-23T00:00:00Z'), at('2026-03-24T00:00:00Z'), now);
    expect(slots.map(iso)).toEqual(['2026-03-23T09:00:00.000Z', '2026-03-23T11:00:00.000Z']);
  });

  it('cuts an open window from its own start, so the next slot is one a booking accepts', () => {
    // Monday 09:30 in London, inside the 09:00–12:00 window, with an hour's notice.
    const inside = at('2026-03-23T09:30:00Z');
    const rulesHour = rules({ minNoticeHours: 1 });
    const slots = bookableSlots(rulesHour, [], inside, inside + 86400_000, inside);
    expect(slots.map(iso)).toEqual(['2026-03-23T11:00:00.000Z']);
    // Booked a moment later (`npm run admin -- book … next`), it is still far enough ahead.
    expect(checkBooking(rulesHour, [], slots[0]!, inside + 1_000)).toMatchObject({ ok: true });
  });

  it('checks a slot at the instant of the provider zone, not UTC', () => {
    const tokyo = rules({ timezone: 'Asia/Tokyo', minNoticeHours: 0 });
    // Monday 09:00 in Tokyo is Monday 00:00 UTC.
    expect(checkBooking(tokyo, [], at('2026-03-23T00:00:00Z'), now)).toMatchObject({ ok: true });
    expect(checkBooking(tokyo, [], at('2026-03-23T09:00:00Z'), now)).toMatchObject({
      reason: 'OUTSIDE_AVAILABILITY',
    });
    expect(instantAt('2026-03-23', 540, 'Asia/Tokyo')).toBe(at('2026-03-23T00:00:00Z'));
  });
});
