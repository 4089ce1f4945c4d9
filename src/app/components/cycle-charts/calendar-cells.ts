/**
 * The cells of a cycle calendar (spec §7 "Content and cycle data"): the cycle's days laid out in
 * weeks starting on Monday, each marked period, fertile window and ovulation. Pure, for tests.
 */
import { type CycleAnalysis, type CycleDay } from '../../../shared/cycle';
import { addDays } from '../../../shared/time/calendar';
import { daysOfCycle } from './cycle-days';

export interface CalendarCell {
  date: string;
  cycleDay: number;
  record: CycleDay;
  period: boolean;
  fertile: boolean;
  ovulation: boolean;
  lhPeak: boolean;
}

/** Weeks of seven, Monday first; null pads the first and last week. */
export function calendarWeeks(
  cycle: CycleAnalysis,
  days: readonly CycleDay[],
): Array<Array<CalendarCell | null>> {
  const aligned = daysOfCycle(days, cycle);
  const peaks = new Set(cycle.lhPeaks.map((p) => p.day));
  const cells = aligned.map<CalendarCell>((record, i) => {
    const day = i + 1;
    const window = cycle.fertileWindow;
    return {
      date: record.date,
      cycleDay: day,
      record,
      period: day <= cycle.periodLength,
      fertile: window !== null && day >= window.startDay && day <= window.endDay,
      ovulation: cycle.ovulation.day === day,
      lhPeak: peaks.has(day),
    };
  });
  if (cells.length === 0) return [];
  // 2024-01-01 was a Monday: the weekday of any date, Monday = 0, without a time zone.
  const weekday = (date: string) =>
    ((Math.round((Date.parse(`${date}T00:00:00Z`) - Date.UTC(2024, 0, 1)) / 86400_000) % 7) + 7) % 7;
  const padded: Array<CalendarCell | null> = [...Array<null>(weekday(cells[0]!.date)).fill(null), ...cells];
  while (padded.length % 7 !== 0) padded.push(null);
  return Array.from({ length: padded.length / 7 }, (_, w) => padded.slice(w * 7, w * 7 + 7));
}

/** The seven weekday dates of a week starting on Monday 2024-01-01, for weekday headers. */
export const MONDAY_WEEK = Array.from({ length: 7 }, (_, i) => addDays('2024-01-01', i));
