/**
 * Pure helpers behind the cycle charts (spec §7 "Content and cycle data"): a cycle's days aligned
 * by cycle day and the overlay's choices; the cycles an overlay shows and the figures as text are
 * src/shared/cycle's (latestCycles, formatStatistic), the same as the PDFs'. Dates are the member's
 * own calendar dates (`YYYY-MM-DD`, src/shared/time/calendar.ts): no time zone shifts them.
 */
import { blankDay, type CycleAnalysis, type CycleDay } from '../../../shared/cycle';
import { addDays, daysBetween } from '../../../shared/time/calendar';

export const OVERLAY_COUNTS = [1, 3, 6] as const;
export type OverlayCount = (typeof OVERLAY_COUNTS)[number];

/**
 * The days of one cycle, index 0 = cycle day 1, one entry per calendar day from its start to its
 * end: days without a record are empty, records outside the cycle are left out. This is what
 * aligns cycles of different dates on one axis of cycle days.
 */
export function daysOfCycle(
  days: readonly CycleDay[],
  cycle: Pick<CycleAnalysis, 'startDate' | 'endDate'>,
): CycleDay[] {
  const length = daysBetween(cycle.startDate, cycle.endDate) + 1;
  if (length < 1) return [];
  const aligned = Array.from({ length }, (_, i) => blankDay(addDays(cycle.startDate, i)));
  for (const day of days) {
    const index = daysBetween(cycle.startDate, day.date);
    if (index >= 0 && index < length) aligned[index] = day;
  }
  return aligned;
}
