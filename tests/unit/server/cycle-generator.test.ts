/**
 * The seed's cycle data (issue 12, fixtures/cycles.json): generated deterministically, at least
 * six cycles per member persona, and each persona's story holds when the analysis reads it back.
 */
import { describe, expect, it } from 'vitest';
import { cycleFixtures, personas } from '../../../fixtures';
import { generateCycleData, seededRandom, type CyclePlan } from '../../../src/server/seed/cycle-generator';
import { analyseHistory, findLhPeaks, splitCycles } from '../../../src/shared/cycle';
import { addDays, daysBetween } from '../../../src/shared/time/calendar';

const TODAY = '2026-11-23';
const plans = cycleFixtures.members as Record<string, CyclePlan>;

function historyOf(key: string, today = TODAY) {
  const data = generateCycleData(plans[key]!, today);
  return { ...data, history: analyseHistory(data.days) };
}

describe('cycle data generator', () => {
  it('is deterministic: a seeded PRNG, the same records for the same plan and day', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    expect(Array.from({ length: 5 }, a)).toEqual(Array.from({ length: 5 }, b));
    expect(generateCycleData(plans.ava!, TODAY)).toEqual(generateCycleData(plans.ava!, TODAY));
    expect(generateCycleData({ ...plans.ava!, seed: 1 }, TODAY)).not.toEqual(
      generateCycleData(plans.ava!, TODAY),
    );
  });

  it('ends on the seed day, and moves with it without changing the readings', () => {
    const today = historyOf('clara').days;
    const later = historyOf('clara', '2027-03-01').days;
    expect(today.at(-1)!.date).toBe(TODAY);
    expect(later.at(-1)!.date).toBe('2027-03-01');
    expect(later.map((d) => d.temperature)).toEqual(today.map((d) => d.temperature));
  });

  it('gives every member persona at least six complete cycles with realistic readings', () => {
    for (const m of personas.members) {
      const { days, history } = historyOf(m.key);
      expect(history.cycles.filter((c) => c.complete).length, m.key).toBeGreaterThanOrEqual(6);
      const temps = days.flatMap((d) => (d.temperature === null ? [] : [d.temperature]));
      expect(Math.min(...temps), m.key).toBeGreaterThan(35.8);
      expect(Math.max(...temps), m.key).toBeLessThan(37.3);
      expect(
        days.some((d) => d.lh !== null && d.lh >= 25),
        m.key,
      ).toBe(true);
      expect(
        days.some((d) => d.mucus === 'EGG_WHITE'),
        m.key,
      ).toBe(true);
      expect(
        days.some((d) => d.intercourse),
        m.key,
      ).toBe(true);
    }
  });

  it('puts ovulation where the plan does: LH surge and temperature shift agree on the planned day', () => {
    for (const [key, plan] of Object.entries(plans)) {
      const { history } = historyOf(key);
      plan.cycles.forEach((planned, i) => {
        const found = history.cycles[i]!.ovulation;
        if (planned.ovulationDay === null) expect(found.method, `${key} ${i + 1}`).toBe('NONE');
        else
          expect(found, `${key} ${i + 1}`).toMatchObject({
            day: planned.ovulationDay,
            method: 'LH_AND_TEMPERATURE',
          });
      });
    }
  });

  it('shows a biphasic shift of about 0.3 °C in ovulatory cycles', () => {
    const { history } = historyOf('clara');
    for (const c of history.cycles.filter((x) => x.complete)) {
      expect(c.temperature!.shift).toBeGreaterThan(0.2);
      expect(c.temperature!.shift).toBeLessThan(0.45);
    }
  });

  it('Daniela (PCOS): long irregular cycles over 35 days with several LH peaks, some anovulatory', () => {
    const { history } = historyOf('daniela');
    const complete = history.cycles.filter((c) => c.complete);
    expect(complete.every((c) => c.length > 35 && c.flags.includes('LONG_CYCLE'))).toBe(true);
    expect(complete.every((c) => c.lhPeaks.length >= 2 && c.flags.includes('MULTIPLE_LH_PEAKS'))).toBe(true);
    expect(complete.filter((c) => c.flags.includes('ANOVULATORY'))).toHaveLength(2);
    expect(history.flags).toContain('IRREGULAR_CYCLES');
  });

  it('Ava: irregular cycles with one anovulatory; Clara: two short luteal phases', () => {
    expect(historyOf('ava').history.flags).toEqual(['IRREGULAR_CYCLES']);
    expect(historyOf('ava').history.cycles.filter((c) => c.flags.includes('ANOVULATORY'))).toHaveLength(1);
    const clara = historyOf('clara').history;
    expect(clara.flags).toEqual([]);
    expect(
      clara.cycles.filter((c) => c.flags.includes('SHORT_LUTEAL_PHASE')).map((c) => c.lutealLength),
    ).toEqual([9, 9]);
  });

  it('Emma: six pill cycles without a shift or surge, a first cycle off it of 34 days ovulating on day 21, now her second', () => {
    const { history } = historyOf('emma');
    expect(
      history.cycles.slice(0, 6).every((c) => c.flags.includes('ANOVULATORY') && c.lhPeaks.length === 0),
    ).toBe(true);
    expect(history.cycles[6]).toMatchObject({ complete: true, length: 34, ovulation: { day: 21 } });
    expect(history.cycles[7]).toMatchObject({
      complete: false,
      ovulation: { day: 17, method: 'LH_AND_TEMPERATURE' },
    });
  });

  it('Bianca: her pregnancy weeks since the last period, earlier cycles before conception', () => {
    const { days, pregnancies, history } = historyOf('bianca');
    expect(pregnancies).toHaveLength(1);
    const [p] = pregnancies;
    expect(p).toMatchObject({ outcome: 'ONGOING', endedOn: null });
    expect(daysBetween(p!.lmpDate, TODAY)).toBe(12 * 7 + 2);
    const spans = splitCycles(days);
    expect(spans.at(-1)!.startDate).toBe(p!.lmpDate);
    expect(spans.slice(0, -1).every((s) => s.complete)).toBe(true);
    expect(history.cycles.at(-1)!.flags).toEqual(['POSITIVE_PREGNANCY_TEST']);
    // No period after the one that started the pregnancy.
    expect(days.filter((d) => d.date >= addDays(p!.lmpDate, 5)).every((d) => d.flow === null)).toBe(true);
  });

  it('Fatima: an earlier loss (positive tests, then bleeding) and now 7 weeks pregnant', () => {
    const { pregnancies, history, days } = historyOf('fatima');
    expect(pregnancies.map((p) => p.outcome)).toEqual(['LOSS', 'ONGOING']);
    expect(daysBetween(pregnancies[1]!.lmpDate, TODAY)).toBe(7 * 7 + 3);
    const loss = history.cycles.find((c) => c.startDate === pregnancies[0]!.lmpDate)!;
    expect(loss.flags).toContain('POSITIVE_PREGNANCY_TEST');
    expect(loss.lutealLength).toBeNull();
    expect(findLhPeaks(days).length).toBeGreaterThanOrEqual(7);
    expect(history.flags).toEqual([]);
  });
});
