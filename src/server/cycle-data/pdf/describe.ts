/** English wording of the analysis for the generated PDFs (docs/entities.md "Cycle data"). */
import {
  type CycleAnalysis,
  type CycleFlag,
  type HistoryFlag,
  type OvulationMethod,
  type Statistic,
  statisticLine,
} from '../../../shared/cycle';

export const METHOD_TEXT: Record<OvulationMethod, string> = {
  LH_AND_TEMPERATURE: 'LH surge and temperature shift agree',
  LH_SURGE: 'LH surge + 1 day',
  TEMPERATURE: 'temperature shift (three-over-six rule)',
  CALENDAR: 'calendar estimate (cycle length - 14)',
  NONE: 'no ovulation found',
};

export const FLAG_TEXT: Record<CycleFlag | HistoryFlag, string> = {
  SHORT_LUTEAL_PHASE: 'short luteal phase (< 10 days)',
  ANOVULATORY: 'anovulatory cycle',
  LONG_CYCLE: 'long cycle (> 35 days)',
  SHORT_CYCLE: 'short cycle (< 21 days)',
  MULTIPLE_LH_PEAKS: 'several LH peaks',
  POSITIVE_PREGNANCY_TEST: 'positive pregnancy test',
  IRREGULAR_CYCLES: 'irregular cycles (lengths vary by more than 7 days)',
};

export function flagsText(flags: readonly (CycleFlag | HistoryFlag)[]): string {
  return flags.length === 0 ? 'none' : flags.map((f) => FLAG_TEXT[f]).join('; ');
}

/** The portal's statistic line (src/shared/cycle statisticLine) and how many cycles it counts. */
export function statisticText(s: Statistic): string {
  if (s.mean === null) return 'not enough data';
  return `${statisticLine(s, 'en')} days, ${s.n} ${s.n === 1 ? 'cycle' : 'cycles'}`;
}

export function ovulationText(c: CycleAnalysis): string {
  if (c.ovulation.day === null) return METHOD_TEXT.NONE;
  return `day ${c.ovulation.day} (${c.ovulation.date}), ${METHOD_TEXT[c.ovulation.method]}`;
}
