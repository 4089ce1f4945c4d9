/** The calendar, zone and format kernels both the server and the portal use (src/shared/time). */
import { describe, expect, it } from 'vitest';
import { addDays, datesBetween, mondayOf, toMinute, toWallTime } from '../../../src/shared/time/calendar';
import {
  clockDuration,
  displayZone,
  formatDateTime,
  formatInstant,
  formatLocalDate,
  formatTime,
} from '../../../src/shared/time/format';
import { deviceTimeZone } from '../../../src/shared/time/device-zone';
import { instantAt, localDateAt, wallMinuteAt } from '../../../src/shared/time/zoned';

describe('calendar', () => {
  it('counts days across month and year ends and finds the Monday of a week', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(datesBetween('2026-02-27', '2026-03-02')).toEqual([
      '2026-02-27',
      '2026-02-28',
      '2026-03-01',
      '2026-03-02',
    ]);
    expect(mondayOf('2026-03-29')).toBe('2026-03-23');
  });

  it('reads and writes wall-clock minutes, 24:00 included', () => {
    expect(toMinute('09:30')).toBe(570);
    expect(toWallTime(570)).toBe('09:30');
    expect(toWallTime(toMinute('24:00'))).toBe('24:00');
  });
});

describe('a zone', () => {
  it("gives an instant's local date and wall clock in the zone, not the machine's", () => {
    const instant = Date.parse('2026-03-29T23:30:00Z');
    expect(localDateAt(instant, 'Europe/Berlin')).toBe('2026-03-30');
    expect(localDateAt(new Date(instant), 'America/New_York')).toBe('2026-03-29');
    expect(wallMinuteAt(instant, 'Europe/Berlin')).toBe(90);
  });

  it('keeps 09:00 at 09:00 on the day the clocks change', () => {
    // Europe/Berlin moves from UTC+1 to UTC+2 on 29 March 2026.
    expect(new Date(instantAt('2026-03-28', 540, 'Europe/Berlin')).toISOString()).toBe(
      '2026-03-28T08:00:00.000Z',
    );
    expect(new Date(instantAt('2026-03-29', 540, 'Europe/Berlin')).toISOString()).toBe(
      '2026-03-29T07:00:00.000Z',
    );
    expect(wallMinuteAt(instantAt('2026-03-29', 540, 'Europe/Berlin'), 'Europe/Berlin')).toBe(540);
  });
});

describe('formats', () => {
  it('writes a calendar date without a zone moving it to another day', () => {
    expect(formatLocalDate('2026-11-17', 'en')).toBe('Nov 17, 2026');
    expect(formatLocalDate('2026-11-17', 'de', { day: 'numeric', month: 'short' })).toBe('17. Nov.');
  });

  it("writes a notification's instant in the zone, and falls back rather than failing", () => {
    const starts = '2026-07-14T09:00:00Z';
    expect(formatInstant(starts, 'en-GB', 'Europe/London')).toBe('Tue, 14 Jul 2026, 10:00');
    expect(formatInstant(starts, 'en-GB', 'Not/AZone')).toMatch(/^Tue, 14 Jul 2026, \d\d:00$/);
    expect(formatInstant('not a time', 'en-GB', 'Europe/London')).toBe('not a time');
  });

  it("writes an instant in the zone it is given, whatever the environment's", () => {
    const starts = '2026-07-14T23:30:00Z';
    expect(formatDateTime(starts, 'en-GB', 'Europe/London')).toBe('15 Jul 2026, 00:30');
    expect(formatDateTime(starts, 'en-GB', 'America/New_York')).toBe('14 Jul 2026, 19:30');
    expect(formatTime(starts, 'en-GB', 'Asia/Tokyo')).toBe('08:30');
    expect(formatDateTime(null, 'en-GB', 'Europe/London')).toBe('—');
  });

  it("shows the saved zone, and the environment's only while none is known", () => {
    expect(displayZone('Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(displayZone(null)).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
  });
  it('shows a length of time as a clock does: the call timer and a video alike', () => {
    expect(clockDuration(245)).toBe('04:05');
    expect(clockDuration(3_725)).toBe('01:02:05');
    expect(clockDuration(-3)).toBe('00:00');
    expect(clockDuration(Number.NaN)).toBe('00:00');
    expect(clockDuration(9.9)).toBe('00:09');
  });
});

describe('deviceTimeZone', () => {
  it('reads the zone once a minute, and again after it (a device that crossed into another zone)', () => {
    const before = process.env.TZ;
    try {
      process.env.TZ = 'Europe/Berlin';
      expect(deviceTimeZone(1_000_000)).toBe('Europe/Berlin');
      process.env.TZ = 'Asia/Tokyo';
      expect(deviceTimeZone(1_030_000)).toBe('Europe/Berlin');
      expect(deviceTimeZone(1_060_000)).toBe('Asia/Tokyo');
      // A clock set back reads again rather than keeping a zone for longer than a minute.
      process.env.TZ = 'America/New_York';
      expect(deviceTimeZone(900_000)).toBe('America/New_York');
    } finally {
      if (before === undefined) delete process.env.TZ;
      else process.env.TZ = before;
    }
  });
});
