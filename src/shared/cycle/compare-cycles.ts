/**
 * Cycles side by side (docs/entities.md "Cycle data"): every cycle analysed, phase statistics over
 * the complete ones (follicular and luteal length, mean and standard deviation), and the history
 * flags. A cycle with a positive pregnancy test that ended (an early loss) is left out of lengths. Cycles whose ovulation is only a calendar estimate or absent count toward cycle and
 * period length but not toward the phases.
 */
import { analyseCycle } from './analyse-cycle';
import { splitCycles } from './split-cycles';
import { statistic } from './statistics';
import type { CycleAnalysis, CycleDay, CycleStatistics, HistoryFlag } from './types';

/** Shortest-to-longest difference (days) above which cycles are irregular (FIGO 2018: 7–9). */
export const IRREGULAR_SPREAD_DAYS = 7;
/** Complete cycles needed before regularity is judged. */
export const MIN_CYCLES_FOR_REGULARITY = 3;

export interface CycleHistory {
  cycles: CycleAnalysis[];
  statistics: CycleStatistics;
  flags: HistoryFlag[];
}

/** Complete cycles that did not end in a pregnancy (or its loss): the ones lengths are judged on. */
function menstrualCycles(cycles: readonly CycleAnalysis[]): CycleAnalysis[] {
  return cycles.filter((c) => c.complete && !c.flags.includes('POSITIVE_PREGNANCY_TEST'));
}

export function cycleStatistics(cycles: readonly CycleAnalysis[]): CycleStatistics {
  const complete = menstrualCycles(cycles);
  const measured = complete.filter(
    (c) => c.ovulation.method !== 'CALENDAR' && c.ovulation.method !== 'NONE' && c.lutealLength !== null,
  );
  return {
    cycleLength: statistic(complete.map((c) => c.length)),
    periodLength: statistic(cycles.map((c) => c.periodLength)),
    ovulationDay: statistic(measured.map((c) => c.ovulation.day!)),
    follicularLength: statistic(measured.map((c) => c.follicularLength!)),
    lutealLength: statistic(measured.map((c) => c.lutealLength!)),
  };
}

export function historyFlags(cycles: readonly CycleAnalysis[]): HistoryFlag[] {
  const lengths = menstrualCycles(cycles).map((c) => c.length);
  if (lengths.length < MIN_CYCLES_FOR_REGULARITY) return [];
  return Math.max(...lengths) - Math.min(...lengths) > IRREGULAR_SPREAD_DAYS ? ['IRREGULAR_CYCLES'] : [];
}

/** Analyses every cycle in `days`; the running cycle's estimate uses the mean complete length. */
export function analyseHistory(days: readonly CycleDay[]): CycleHistory {
  const spans = splitCycles(days);
  const completeLengths = spans.filter((s) => s.complete).map((s) => s.days.length);
  const typical = statistic(completeLengths).mean ?? 28;
  const cycles = spans.map((span, i) => analyseCycle(span, i + 1, Math.round(typical)));
  return { cycles, statistics: cycleStatistics(cycles), flags: historyFlags(cycles) };
}
