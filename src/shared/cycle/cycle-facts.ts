/**
 * What her records say about her usual cycle (issue 26): the member panel (getUserInfo) and the
 * seed's health profile take these figures from the same statistics as the charts, the overlays and
 * the PDFs (compare-cycles.ts), so a provider reads one number wherever it is shown.
 */
import type { CycleHistory } from './compare-cycles';

export interface CycleFacts {
  /** Complete cycles her usual cycle length is taken over (0: her records have none). */
  cycles: number;
  /** Mean length of those cycles, days (one decimal); null without any. */
  cycleLength: number | null;
  /** Her shortest and longest of them, when they differ. */
  cycleRange: { min: number; max: number } | null;
  /** Mean period length, days (one decimal); null without a period on record. */
  periodLength: number | null;
  /** First day of her latest period (the start of her latest cycle), `YYYY-MM-DD`. */
  lastPeriodStart: string | null;
}

export function cycleFacts(history: Pick<CycleHistory, 'cycles' | 'statistics'>): CycleFacts {
  const { cycleLength, periodLength } = history.statistics;
  return {
    cycles: cycleLength.n,
    cycleLength: cycleLength.mean,
    cycleRange:
      cycleLength.min !== null && cycleLength.max !== null && cycleLength.min !== cycleLength.max
        ? { min: cycleLength.min, max: cycleLength.max }
        : null,
    periodLength: periodLength.mean,
    lastPeriodStart: history.cycles.at(-1)?.startDate ?? null,
  };
}
