/**
 * The cycle analysis maths (spec §7 "Content and cycle data", docs/entities.md "Cycle data") on
 * known series: a textbook biphasic chart, a short luteal phase, an anovulatory cycle, several LH
 * peaks, the three-over-six rule's edge cases and the statistics across cycles.
 */
import { describe, expect, it } from 'vitest';
import {
  analyseCycle,
  analyseHistory,
  blankDay,
  type CycleDay,
  findLhPeaks,
  findTemperatureShift,
  splitCycles,
  statistic,
} from '../../../src/shared/cycle';
import { addDays } from '../../../src/shared/time/calendar';

const START = '2026-01-05';

/** Days from a temperature list (null = not taken), day 1 on START, with a 5-day period. */
function days(temps: Array<number | null>, extra: Record<number, Partial<CycleDay>> = {}): CycleDay[] {
  return temps.map((temperature, i) => ({
    ...blankDay(addDays(START, i)),
    temperature,
    flow: i < 5 ? (['MEDIUM', 'HEAVY', 'MEDIUM', 'LIGHT', 'SPOTTING'] as const)[i]! : null,
    ...extra[i + 1],
  }));
}

/** A 28-day textbook chart: low around 36.4 °C to day 14, high from day 15. */
const LOW = [36.4, 36.35, 36.45, 36.4, 36.3, 36.4, 36.45, 36.35, 36.4, 36.3, 36.45, 36.4, 36.35, 36.3];
const HIGH = [36.7, 36.75, 36.8, 36.75, 36.8, 36.85, 36.8, 36.75, 36.8, 36.8, 36.75, 36.7, 36.6, 36.5];
const TEXTBOOK = [...LOW, ...HIGH];

/** A complete cycle: the days plus the next period's first day. */
function complete(cycleDays: CycleDay[]) {
  const next = { ...blankDay(addDays(START, cycleDays.length)), flow: 'MEDIUM' as const, temperature: 36.4 };
  return splitCycles([...cycleDays, next])[0]!;
}

describe('three-over-six temperature shift', () => {
  it('finds the textbook shift on day 15 with the cover line at the highest of the six lows', () => {
    const shift = findTemperatureShift(days(TEXTBOOK));
    expect(shift).toEqual({ shiftDay: 15, coverLine: 36.45, shift: expect.any(Number) });
    expect(shift!.shift).toBeGreaterThan(0.3);
    expect(shift!.shift).toBeLessThan(0.45);
  });

  it('needs the third high temperature 0.2 °C above the cover line, or a fourth above it', () => {
    const weakThird = [...LOW, 36.5, 36.55, 36.6, 36.4, 36.3, 36.35, 36.4];
    expect(findTemperatureShift(days(weakThird))).toBeNull();
    const fourthHigh = [...LOW, 36.5, 36.55, 36.6, 36.5, 36.7, 36.7, 36.7];
    expect(findTemperatureShift(days(fourthHigh))?.shiftDay).toBe(15);
  });

  it('skips untaken days and needs six recorded lows first', () => {
    const gaps: Array<number | null> = [...TEXTBOOK];
    gaps[9] = null;
    gaps[16] = null;
    expect(findTemperatureShift(days(gaps))?.shiftDay).toBe(15);
    expect(findTemperatureShift(days([36.4, 36.4, 36.4, 36.8, 36.8, 36.8]))).toBeNull();
  });
});

describe('LH peaks', () => {
  it('takes the highest reading of each run of positive tests', () => {
    const lh = days(TEXTBOOK, {
      10: { lh: 8 },
      11: { lh: 14 },
      12: { lh: 32 },
      13: { lh: 58 },
      14: { lh: 20 },
      15: { lh: 9 },
    });
    expect(findLhPeaks(lh)).toEqual([{ day: 13, date: addDays(START, 12), value: 58 }]);
  });

  it('separates surges by a negative test or two untested days, not by one untested day', () => {
    const lh = days(TEXTBOOK, {
      8: { lh: 30 },
      10: { lh: 35 },
      11: { lh: 10 },
      14: { lh: 40 },
      17: { lh: 45 },
    });
    expect(findLhPeaks(lh).map((p) => p.day)).toEqual([10, 14, 17]);
  });
});

describe('one cycle', () => {
  it('dates ovulation on day 14 when the LH peak (day 13) and the shift (day 15) agree', () => {
    const span = complete(days(TEXTBOOK, { 12: { lh: 30 }, 13: { lh: 55 }, 14: { lh: 12 } }));
    const a = analyseCycle(span, 1);
    expect(a).toMatchObject({
      length: 28,
      complete: true,
      periodLength: 5,
      ovulation: { day: 14, date: '2026-01-18', method: 'LH_AND_TEMPERATURE' },
      follicularLength: 14,
      lutealLength: 14,
      fertileWindow: { startDay: 9, endDay: 14, startDate: '2026-01-13', endDate: '2026-01-18' },
      flags: [],
    });
    expect(a.temperature?.coverLine).toBe(36.45);
  });

  it('uses the temperature alone when no LH test agrees, and the LH surge alone without temperatures', () => {
    const temperatureOnly = analyseCycle(complete(days(TEXTBOOK, { 6: { lh: 40 } })), 1);
    expect(temperatureOnly.ovulation).toMatchObject({ day: 14, method: 'TEMPERATURE' });
    const noTemps = days(
      TEXTBOOK.map(() => null),
      { 15: { lh: 48 } },
    );
    expect(analyseCycle(complete(noTemps), 1).ovulation).toMatchObject({ day: 16, method: 'LH_SURGE' });
  });

  it('falls back to a calendar estimate (length − 14) without temperatures or LH', () => {
    const none = analyseCycle(complete(days(Array.from({ length: 30 }, () => null))), 1);
    expect(none.ovulation).toEqual({ day: 16, date: addDays(START, 15), method: 'CALENDAR' });
    expect(none.flags).toEqual([]);
  });

  it('flags a luteal phase under 10 days', () => {
    const short = [...LOW, 36.4, 36.4, 36.45, 36.7, 36.75, 36.8, 36.8, 36.75, 36.7, 36.6, 36.5];
    const a = analyseCycle(complete(days(short)), 1);
    expect(a.ovulation.day).toBe(17);
    expect(a.lutealLength).toBe(8);
    expect(a.flags).toContain('SHORT_LUTEAL_PHASE');
  });

  it('calls a long, fully charted cycle without a shift anovulatory, even with LH peaks', () => {
    const flat = Array.from({ length: 44 }, (_, i) => 36.4 + ((i * 7) % 5) * 0.03);
    const a = analyseCycle(complete(days(flat, { 14: { lh: 31 }, 15: { lh: 12 }, 27: { lh: 36 } })), 1);
    expect(a.ovulation).toEqual({ day: null, date: null, method: 'NONE' });
    expect(a.lutealLength).toBeNull();
    expect(a.fertileWindow).toBeNull();
    expect(a.flags).toEqual(['ANOVULATORY', 'LONG_CYCLE', 'MULTIPLE_LH_PEAKS']);
  });

  it('does not call a running cycle anovulatory nor a running pregnancy a long cycle', () => {
    const running = splitCycles(days(LOW))[0]!;
    expect(running.complete).toBe(false);
    expect(analyseCycle(running, 1, 30).ovulation).toMatchObject({ day: 16, method: 'CALENDAR' });
    const pregnant = days([...TEXTBOOK, ...Array.from({ length: 30 }, () => 36.85)], {
      29: { pregnancyTest: 'POSITIVE' },
    });
    const a = analyseCycle(splitCycles(pregnant)[0]!, 1);
    expect(a.flags).toEqual(['POSITIVE_PREGNANCY_TEST']);
    expect(a.lutealLength).toBeNull();
  });
});

describe('cycles', () => {
  it('start on a bleeding day after a dry one; spotting and a bleed within 10 days do not start one', () => {
    const series = days(TEXTBOOK, { 8: { flow: 'LIGHT' }, 27: { flow: 'SPOTTING' } });
    const next = days(TEXTBOOK).map((d, i) => ({ ...d, date: addDays(START, 28 + i) }));
    const spans = splitCycles([...next, ...series]);
    expect(spans.map((s) => [s.startDate, s.endDate, s.complete])).toEqual([
      ['2026-01-05', '2026-02-01', true],
      ['2026-02-02', '2026-03-01', false],
    ]);
  });

  it('summarise phases over the complete, measured cycles with mean and sample SD', () => {
    expect(statistic([12, 14, 13])).toEqual({ n: 3, mean: 13, sd: 1, min: 12, max: 14 });
    expect(statistic([9])).toEqual({ n: 1, mean: 9, sd: null, min: 9, max: 9 });
    expect(statistic([])).toEqual({ n: 0, mean: null, sd: null, min: null, max: null });

    const lengths = [28, 40, 26, 31];
    const all: CycleDay[] = [];
    let offset = 0;
    for (const length of lengths) {
      const temps = [...LOW, ...Array.from({ length: length - 14 }, () => 36.8)];
      all.push(...days(temps).map((d, i) => ({ ...d, date: addDays(START, offset + i) })));
      offset += length;
    }
    all.push({ ...blankDay(addDays(START, offset)), flow: 'HEAVY' });
    const history = analyseHistory(all);
    expect(history.cycles.map((c) => c.length)).toEqual([28, 40, 26, 31, 1]);
    expect(history.statistics.cycleLength).toMatchObject({ n: 4, mean: 31.3, min: 26, max: 40 });
    expect(history.statistics.follicularLength).toMatchObject({ n: 4, mean: 14, sd: 0 });
    expect(history.statistics.lutealLength).toMatchObject({ n: 4, mean: 17.3, min: 12, max: 26 });
    expect(history.flags).toEqual(['IRREGULAR_CYCLES']);
  });
});
