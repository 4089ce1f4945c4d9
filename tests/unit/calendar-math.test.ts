/** /calendar placement in the provider zone, including the days clocks change. */
import { describe, expect, it } from 'vitest';
import { localDateAt } from '../../src/shared/time/zoned';
import {
  monthGrid,
  placeOnDay,
  shiftMonth,
  timeOf,
  weekDays,
} from '../../src/app/features/schedule/calendar-math';

const at = (s: string) => Date.parse(s);

describe('calendar math', () => {
  it('builds Monday-first weeks and whole-week month grids', () => {
    expect(weekDays('2026-03-29')).toEqual([
      '2026-03-23',
      '2026-03-24',
      '2026-03-25',
      '2026-03-26',
      '2026-03-27',
      '2026-03-28',
      '2026-03-29',
    ]);
    const march = monthGrid('2026-03-15');
    expect(march[0]).toBe('2026-02-23');
    expect(march.at(-1)).toBe('2026-04-05');
    expect(march.length % 7).toBe(0);
    expect(shiftMonth('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('places 09:00 London at the 09:00 line on both sides of the spring change', () => {
    expect(
      placeOnDay(at('2026-03-27T09:00:00Z'), at('2026-03-27T12:00:00Z'), '2026-03-27', 'Europe/London'),
    ).toEqual({
      top: 540,
      bottom: 720,
    });
    expect(
      placeOnDay(at('2026-03-30T08:00:00Z'), at('2026-03-30T11:00:00Z'), '2026-03-30', 'Europe/London'),
    ).toEqual({
      top: 540,
      bottom: 720,
    });
  });

  it('clips intervals to the day, ending at 24:00 for midnight', () => {
    expect(
      placeOnDay(at('2026-03-28T22:00:00Z'), at('2026-03-29T02:00:00Z'), '2026-03-28', 'Europe/London'),
    ).toEqual({
      top: 1320,
      bottom: 1440,
    });
    // The next day starts at local midnight; 02:00 UTC is 03:00 BST after the change.
    expect(
      placeOnDay(at('2026-03-28T22:00:00Z'), at('2026-03-29T02:00:00Z'), '2026-03-29', 'Europe/London'),
    ).toEqual({
      top: 0,
      bottom: 180,
    });
    expect(
      placeOnDay(at('2026-03-28T10:00:00Z'), at('2026-03-28T11:00:00Z'), '2026-03-29', 'Europe/London'),
    ).toBeNull();
  });

  it('reads dates and times in the provider zone, not the viewer’s', () => {
    expect(localDateAt(at('2026-11-23T03:00:00Z'), 'America/Los_Angeles')).toBe('2026-11-22');
    expect(timeOf(at('2026-11-23T03:00:00Z'), 'Asia/Tokyo')).toBe('12:00');
  });
});
