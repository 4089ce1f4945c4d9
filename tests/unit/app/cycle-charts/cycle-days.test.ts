/**
 * Pure logic behind the cycle charts: alignment by cycle day, units, the calendar. The overlay's
 * choice of cycles and the figures as text are src/shared/cycle's (tests/unit/shared/cycle-figures.test.ts).
 */
import { describe, expect, it } from 'vitest';
import { calendarWeeks } from '../../../../src/app/components/cycle-charts/calendar-cells';
import { daysOfCycle } from '../../../../src/app/components/cycle-charts/cycle-days';
import { fromCelsius, temperatureUnitFor } from '../../../../src/app/components/cycle-charts/units';
import { blankDay, type CycleAnalysis } from '../../../../src/shared/cycle';

const day = (date: string, temperature: number | null) => ({ ...blankDay(date), temperature });

function cycle(number: number, startDate: string, endDate: string, complete = true): CycleAnalysis {
  return {
    number,
    startDate,
    endDate,
    complete,
    length: 0,
    periodLength: 5,
    ovulation: { day: 14, date: null, method: 'LH_AND_TEMPERATURE' },
    temperature: null,
    lhPeaks: [{ day: 13, date: '', value: 40 }],
    follicularLength: 14,
    lutealLength: 14,
    fertileWindow: { startDay: 9, endDay: 14, startDate: '', endDate: '' },
    flags: [],
  };
}

describe('daysOfCycle', () => {
  it('puts each record at its cycle day and fills unrecorded days, across a month end', () => {
    const records = [day('2026-01-30', 36.4), day('2026-02-01', 36.5), day('2026-02-03', 36.9)];
    const aligned = daysOfCycle(records, { startDate: '2026-01-30', endDate: '2026-02-02' });
    expect(aligned.map((d) => [d.date, d.temperature])).toEqual([
      ['2026-01-30', 36.4],
      ['2026-01-31', null],
      ['2026-02-01', 36.5],
      ['2026-02-02', null],
    ]);
  });

  it('aligns two cycles of different dates on the same cycle days', () => {
    const records = [day('2026-03-01', 36.3), day('2026-03-29', 36.2), day('2026-04-11', 36.8)];
    const second = daysOfCycle(records, { startDate: '2026-03-29', endDate: '2026-04-25' });
    expect(second[0]!.temperature).toBe(36.2);
    expect(second[13]!.temperature).toBe(36.8);
    expect(second).toHaveLength(28);
  });

  it('crosses a daylight-saving change without losing or doubling a day', () => {
    const aligned = daysOfCycle([day('2026-03-30', 36.6)], {
      startDate: '2026-03-28',
      endDate: '2026-03-31',
    });
    expect(aligned.map((d) => d.date)).toEqual(['2026-03-28', '2026-03-29', '2026-03-30', '2026-03-31']);
    expect(aligned[2]!.temperature).toBe(36.6);
  });
});

describe('temperature units', () => {
  it('uses °F only for providers in °F countries', () => {
    expect(temperatureUnitFor('US')).toBe('F');
    expect(temperatureUnitFor('gb')).toBe('C');
    expect(temperatureUnitFor(null)).toBe('C');
  });
  it('converts to two decimals', () => {
    expect(fromCelsius(37, 'F')).toBe(98.6);
    expect(fromCelsius(36.45, 'F')).toBe(97.61);
    expect(fromCelsius(36.45, 'C')).toBe(36.45);
  });
});

describe('calendarWeeks', () => {
  it('lays the cycle out in Monday-first weeks with period, fertile window and ovulation marked', () => {
    // 2026-01-01 is a Thursday: three empty cells before it.
    const weeks = calendarWeeks(cycle(1, '2026-01-01', '2026-01-28'), []);
    expect(weeks[0]!.slice(0, 4).map((c) => c?.cycleDay ?? null)).toEqual([null, null, null, 1]);
    const cells = weeks.flat().filter((c) => c !== null);
    expect(cells).toHaveLength(28);
    expect(cells.filter((c) => c.period).map((c) => c.cycleDay)).toEqual([1, 2, 3, 4, 5]);
    expect(cells.filter((c) => c.fertile).map((c) => c.cycleDay)).toEqual([9, 10, 11, 12, 13, 14]);
    expect(cells.filter((c) => c.ovulation).map((c) => c.date)).toEqual(['2026-01-14']);
    expect(cells.filter((c) => c.lhPeak).map((c) => c.cycleDay)).toEqual([13]);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
  });
});
