/**
 * What a member records each day in the vendor's app (spec §7 "Content and cycle data"), and the
 * analysis made of it (docs/entities.md "Cycle data"). Dates are the member's local calendar dates
 * `YYYY-MM-DD`; temperatures are °C, LH readings mIU/mL.
 */

export const FLOW_LEVELS = ['SPOTTING', 'LIGHT', 'MEDIUM', 'HEAVY'] as const;
export type FlowLevel = (typeof FLOW_LEVELS)[number];

export const MUCUS_TYPES = ['DRY', 'STICKY', 'CREAMY', 'WATERY', 'EGG_WHITE'] as const;
export type MucusType = (typeof MUCUS_TYPES)[number];

export const TEST_RESULTS = ['NEGATIVE', 'POSITIVE'] as const;
export type TestResult = (typeof TEST_RESULTS)[number];

/** One recorded day; `null` means not recorded that day. */
export interface CycleDay {
  date: string;
  /** Basal body temperature on waking, °C. */
  temperature: number | null;
  /** Urine LH (ovulation test) reading, mIU/mL. */
  lh: number | null;
  flow: FlowLevel | null;
  mucus: MucusType | null;
  intercourse: boolean;
  pregnancyTest: TestResult | null;
}

/**
 * How the ovulation day was found: the LH surge and the temperature shift agreeing, either alone,
 * a calendar estimate (cycle length − 14) when neither is there, or none (an anovulatory cycle).
 */
export const OVULATION_METHODS = [
  'LH_AND_TEMPERATURE',
  'LH_SURGE',
  'TEMPERATURE',
  'CALENDAR',
  'NONE',
] as const;
export type OvulationMethod = (typeof OVULATION_METHODS)[number];

export const CYCLE_FLAGS = [
  'SHORT_LUTEAL_PHASE',
  'ANOVULATORY',
  'LONG_CYCLE',
  'SHORT_CYCLE',
  'MULTIPLE_LH_PEAKS',
  'POSITIVE_PREGNANCY_TEST',
] as const;
export type CycleFlag = (typeof CYCLE_FLAGS)[number];

export const HISTORY_FLAGS = ['IRREGULAR_CYCLES'] as const;
export type HistoryFlag = (typeof HISTORY_FLAGS)[number];

export interface LhPeak {
  day: number;
  date: string;
  value: number;
}

export interface TemperatureShift {
  /** Cycle day of the first of the three high temperatures. */
  shiftDay: number;
  /** The highest of the six low temperatures before the shift, °C. */
  coverLine: number;
  /** Mean of the high phase minus mean of the six low temperatures, °C. */
  shift: number;
}

export interface CycleAnalysis {
  /** 1 for the oldest cycle on record. */
  number: number;
  startDate: string;
  /** Last day of the cycle (the day before the next period), or the last recorded day. */
  endDate: string;
  /** False for the cycle still running (no next period yet). */
  complete: boolean;
  /** Days, start and end included (so far, for a running cycle). */
  length: number;
  periodLength: number;
  ovulation: { day: number | null; date: string | null; method: OvulationMethod };
  temperature: TemperatureShift | null;
  lhPeaks: LhPeak[];
  /** Cycle day 1 to the ovulation day. */
  follicularLength: number | null;
  /** The day after ovulation to the end of a complete cycle. */
  lutealLength: number | null;
  /** The five days before ovulation and the ovulation day (Wilcox et al. 1995). */
  fertileWindow: { startDay: number; endDay: number; startDate: string; endDate: string } | null;
  flags: CycleFlag[];
}

export interface Statistic {
  n: number;
  mean: number | null;
  /** Sample standard deviation; null below two values. */
  sd: number | null;
  min: number | null;
  max: number | null;
}

export interface CycleStatistics {
  cycleLength: Statistic;
  periodLength: Statistic;
  ovulationDay: Statistic;
  follicularLength: Statistic;
  lutealLength: Statistic;
}
