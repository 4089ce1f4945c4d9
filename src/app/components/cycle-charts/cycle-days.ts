/**
 * Pure helpers behind the cycle charts (spec §7 "Content and cycle data"): a cycle's days aligned
 * by cycle day, the cycles an overlay shows, and phase statistics as text. Dates are the member's
 * own calendar dates (`YYYY-MM-DD`, src/shared/cycle/local-date.ts): no time zone shifts them.
 */
import {
  addDays,
  blankDay,
  daysBetween,
  type CycleAnalysis,
  type CycleDay,
  type Statistic,
} from '../../../shared/cycle';

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

/**
 * The cycles an overlay of `count` shows: the most recent complete ones (a running cycle has no
 * luteal phase yet to compare), oldest first; the running cycle only when none is complete.
 */
export function overlayCycles<C extends Pick<CycleAnalysis, 'complete' | 'number'>>(
  cycles: readonly C[],
  count: number,
): C[] {
  const ordered = [...cycles].sort((a, b) => a.number - b.number);
  const complete = ordered.filter((c) => c.complete);
  const pool = complete.length > 0 ? complete : ordered;
  return pool.slice(Math.max(0, pool.length - count));
}

/**
 * A phase statistic as one line in the reader's language: `13.8 ± 1.3` (mean ± sample SD), the
 * range and the number of cycles; `—` when no cycle had the phase measured.
 */
export function formatStatistic(
  stat: Statistic,
  language: string,
): { mean: string; spread: string; range: string; n: number } {
  const number = new Intl.NumberFormat(language, { maximumFractionDigits: 1, minimumFractionDigits: 1 });
  const whole = new Intl.NumberFormat(language, { maximumFractionDigits: 0 });
  return {
    mean: stat.mean === null ? '—' : number.format(stat.mean),
    spread: stat.sd === null ? '—' : `± ${number.format(stat.sd)}`,
    range:
      stat.min === null || stat.max === null ? '—' : `${whole.format(stat.min)}–${whole.format(stat.max)}`,
    n: stat.n,
  };
}
