/**
 * Cycles side by side (docs/entities.md "Cycle data"): every cycle analysed, the statistics of a
 * set of cycles (lengths and phases: n, mean, sample standard deviation, range), and the history
 * flags. One computation for every place a figure is shown: the member panel, the charts, the
 * overlays and the PDFs all take their figures from {@link cycleStatistics} (issue 26).
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

/** An ovulation found in the records (LH, temperature or both), not estimated nor ruled out. */
export function hasMeasuredOvulation(c: CycleAnalysis): boolean {
  return c.ovulation.method !== 'CALENDAR' && c.ovulation.method !== 'NONE' && c.follicularLength !== null;
}

/** The period is over once a day without flow follows it (always, in a complete cycle). */
function periodOver(c: CycleAnalysis): boolean {
  return c.complete || c.periodLength < c.length;
}

/**
 * The statistics of `cycles`, each figure over the cycles that can show it: cycle length over the
 * complete cycles that did not end in a pregnancy; period length over every cycle whose period is
 * over (the running one too); ovulation day and follicular phase over every cycle with a measured
 * ovulation (the running one too); luteal phase over the complete, measured cycles that did not end
 * in a pregnancy.
 */
export function cycleStatistics(cycles: readonly CycleAnalysis[]): CycleStatistics {
  const measured = cycles.filter(hasMeasuredOvulation);
  const luteal = menstrualCycles(measured).filter((c) => c.lutealLength !== null);
  return {
    cycleLength: statistic(menstrualCycles(cycles).map((c) => c.length)),
    periodLength: statistic(cycles.filter(periodOver).map((c) => c.periodLength)),
    ovulationDay: statistic(measured.map((c) => c.ovulation.day!)),
    follicularLength: statistic(measured.map((c) => c.follicularLength!)),
    lutealLength: statistic(luteal.map((c) => c.lutealLength!)),
  };
}

export function historyFlags(cycles: readonly CycleAnalysis[]): HistoryFlag[] {
  const lengths = menstrualCycles(cycles).map((c) => c.length);
  if (lengths.length < MIN_CYCLES_FOR_REGULARITY) return [];
  return Math.max(...lengths) - Math.min(...lengths) > IRREGULAR_SPREAD_DAYS ? ['IRREGULAR_CYCLES'] : [];
}

/**
 * The cycles an overlay or a comparison of `count` shows: the latest `count`, the running one
 * included (issue 26: it is the cycle a provider is asked about), oldest first.
 */
export function latestCycles<C extends Pick<CycleAnalysis, 'number'>>(
  cycles: readonly C[],
  count: number,
): C[] {
  const ordered = [...cycles].sort((a, b) => a.number - b.number);
  return ordered.slice(Math.max(0, ordered.length - count));
}

/** Analyses every cycle in `days`; the running cycle's estimate uses the mean complete length. */
export function analyseHistory(days: readonly CycleDay[]): CycleHistory {
  const spans = splitCycles(days);
  const completeLengths = spans.filter((s) => s.complete).map((s) => s.days.length);
  const typical = statistic(completeLengths).mean ?? 28;
  const cycles = spans.map((span, i) => analyseCycle(span, i + 1, Math.round(typical)));
  return { cycles, statistics: cycleStatistics(cycles), flags: historyFlags(cycles) };
}
