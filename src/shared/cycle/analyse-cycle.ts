/**
 * The analysis of one cycle (docs/entities.md "Cycle data"): lengths, the ovulation day and how it
 * was found, the temperature shift and cover line, luteal and follicular phases, fertile window
 * and flags. Pure: the same days give the same analysis on the server, in the portal and in a PDF.
 */
import { findLhPeaks } from './lh-surge';
import { addDays } from '../time/calendar';
import type { CycleSpan } from './split-cycles';
import { findTemperatureShift } from './temperature-shift';
import type { CycleAnalysis, CycleFlag, LhPeak, OvulationMethod } from './types';

/** A luteal phase shorter than this is flagged (fewer than 10 days). */
export const SHORT_LUTEAL_DAYS = 10;
/** Cycles longer than this are flagged (oligomenorrhoea). */
export const LONG_CYCLE_DAYS = 35;
/** Cycles shorter than this are flagged (polymenorrhoea). */
export const SHORT_CYCLE_DAYS = 21;
/** An LH ovulation and a temperature ovulation this close (days) agree. */
export const AGREEMENT_DAYS = 2;
/** Share of a complete cycle's days with a temperature needed to call it anovulatory. */
export const MIN_TEMPERATURE_COVERAGE = 0.6;
/** The luteal phase assumed by the calendar estimate. */
export const ASSUMED_LUTEAL_DAYS = 14;
const FERTILE_DAYS_BEFORE = 5;

function periodLength(span: CycleSpan): number {
  let n = 0;
  while (n < span.days.length && span.days[n]!.flow !== null) n++;
  return n;
}

interface Ovulation {
  day: number | null;
  method: OvulationMethod;
}

function findOvulation(
  span: CycleSpan,
  peaks: LhPeak[],
  shiftDay: number | null,
  typicalLength: number,
): Ovulation {
  const fromLh = peaks.map((p) => p.day + 1);
  if (shiftDay !== null) {
    const fromTemperature = shiftDay - 1;
    const agreeing = fromLh.filter((d) => Math.abs(d - fromTemperature) <= AGREEMENT_DAYS);
    if (agreeing.length > 0) return { day: agreeing.at(-1)!, method: 'LH_AND_TEMPERATURE' };
    return { day: fromTemperature, method: 'TEMPERATURE' };
  }
  const recorded = span.days.filter((d) => d.temperature !== null).length;
  if (span.complete && recorded >= span.days.length * MIN_TEMPERATURE_COVERAGE) {
    return { day: null, method: 'NONE' };
  }
  if (fromLh.length > 0) return { day: fromLh.at(-1)!, method: 'LH_SURGE' };
  const length = span.complete ? span.days.length : typicalLength;
  return { day: Math.max(1, length - ASSUMED_LUTEAL_DAYS), method: 'CALENDAR' };
}

/**
 * Analyses `span`; `typicalLength` (the member's usual cycle length) places the calendar estimate
 * of a running cycle.
 */
export function analyseCycle(span: CycleSpan, number: number, typicalLength = 28): CycleAnalysis {
  const length = span.days.length;
  const peaks = findLhPeaks(span.days);
  const temperature = findTemperatureShift(span.days);
  const ovulation = findOvulation(span, peaks, temperature?.shiftDay ?? null, typicalLength);
  const ov = ovulation.day !== null && ovulation.day <= length ? ovulation.day : null;
  const positiveTest = span.days.some((d) => d.pregnancyTest === 'POSITIVE');
  // A cycle with a positive pregnancy test ends in a pregnancy or its loss, not a luteal phase.
  const lutealLength = ov !== null && span.complete && !positiveTest ? length - ov : null;

  const flags: CycleFlag[] = [];
  if (lutealLength !== null && lutealLength < SHORT_LUTEAL_DAYS && ovulation.method !== 'CALENDAR') {
    flags.push('SHORT_LUTEAL_PHASE');
  }
  if (ovulation.method === 'NONE') flags.push('ANOVULATORY');
  // A running cycle with a positive test is a pregnancy, not a long cycle.
  if (length > LONG_CYCLE_DAYS && (span.complete || !positiveTest)) flags.push('LONG_CYCLE');
  if (span.complete && length < SHORT_CYCLE_DAYS) flags.push('SHORT_CYCLE');
  if (peaks.length > 1) flags.push('MULTIPLE_LH_PEAKS');
  if (positiveTest) flags.push('POSITIVE_PREGNANCY_TEST');

  const windowStart = ov === null ? null : Math.max(1, ov - FERTILE_DAYS_BEFORE);
  return {
    number,
    startDate: span.startDate,
    endDate: span.endDate,
    complete: span.complete,
    length,
    periodLength: periodLength(span),
    ovulation: {
      day: ovulation.day,
      date: ovulation.day === null ? null : addDays(span.startDate, ovulation.day - 1),
      method: ovulation.method,
    },
    temperature,
    lhPeaks: peaks,
    follicularLength: ov,
    lutealLength,
    fertileWindow:
      ov === null || windowStart === null
        ? null
        : {
            startDay: windowStart,
            endDay: ov,
            startDate: addDays(span.startDate, windowStart - 1),
            endDate: addDays(span.startDate, ov - 1),
          },
    flags,
  };
}
