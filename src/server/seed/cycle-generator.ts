/**
 * Turns a member's cycle plan (fixtures/cycles.json) into daily records (docs/entities.md "Cycle
 * data"): basal temperature with a biphasic shift after ovulation and measurement noise, LH tests
 * with a surge peaking the day before ovulation (and the plan's extra surges), period flow,
 * cervical mucus, intercourse and pregnancy tests. Deterministic: a seeded PRNG, never
 * Math.random, so the same plan and day give the same records.
 */
import { type CycleDay, type FlowLevel, type MucusType } from '../../shared/cycle';
import { addDays } from '../../shared/time/calendar';

export interface PlannedCycle {
  length: number;
  ovulationDay: number | null;
  periodLength: number;
  extraLhPeaks?: number[];
  positiveTestDays?: number[];
  /** On the combined pill: a withdrawal bleed, flat temperatures, no LH testing. */
  pill?: boolean;
}

export interface CyclePlan {
  seed: number;
  baseTemperature: number;
  shift: number;
  noise: number;
  missRate: number;
  lhBaseline: number;
  /** WINDOW: tests around the expected ovulation; LONG: from day 8 to the end of the cycle. */
  lhTesting: 'WINDOW' | 'LONG';
  intercourse: 'TTC' | 'CASUAL';
  cycles: PlannedCycle[];
  current?: { elapsed: number; ovulationDay: number | null; periodLength: number; extraLhPeaks?: number[] };
  pregnancy?: {
    weeks: number;
    days: number;
    ovulationDay: number;
    periodLength: number;
    trackUntilWeeks: number;
  };
}

export interface GeneratedPregnancy {
  lmpDate: string;
  outcome: 'ONGOING' | 'LOSS';
  endedOn: string | null;
}

export interface GeneratedCycleData {
  days: CycleDay[];
  pregnancies: GeneratedPregnancy[];
}

/** mulberry32: a small, well-mixed 32-bit PRNG; returns numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A standard normal draw (Box–Muller), clamped to ±2.5. */
function gaussian(random: () => number): number {
  const u = Math.max(random(), 1e-12);
  const z = Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
  return Math.max(-2.5, Math.min(2.5, z));
}

const FLOW_PATTERN: FlowLevel[] = ['MEDIUM', 'HEAVY', 'HEAVY', 'MEDIUM', 'LIGHT', 'LIGHT', 'SPOTTING'];
const WITHDRAWAL_PATTERN: FlowLevel[] = ['LIGHT', 'MEDIUM', 'MEDIUM', 'LIGHT', 'SPOTTING'];

function flowOn(day: number, periodLength: number, pill: boolean): FlowLevel | null {
  if (day > periodLength) return null;
  const pattern = pill ? WITHDRAWAL_PATTERN : FLOW_PATTERN;
  if (day === periodLength && periodLength >= 4) return pill ? 'LIGHT' : 'SPOTTING';
  return pattern[Math.min(day - 1, pattern.length - 2)]!;
}

function mucusOn(day: number, ov: number | null, period: number, random: () => number): MucusType | null {
  if (day <= period) return null;
  if (ov === null) return random() < 0.25 ? 'CREAMY' : random() < 0.5 ? 'STICKY' : 'DRY';
  const toOv = ov - day;
  if (toOv >= 6) return 'DRY';
  if (toOv >= 4) return 'STICKY';
  if (toOv >= 2) return 'CREAMY';
  if (toOv >= 0) return toOv === 1 && random() < 0.3 ? 'WATERY' : 'EGG_WHITE';
  return day - ov <= 2 ? 'STICKY' : 'DRY';
}

interface CycleInput extends PlannedCycle {
  /** Days generated (the cycle's length, or fewer for the running one). */
  generated: number;
  complete: boolean;
  pregnant: boolean;
  /** A running pregnancy stops recording after this many cycle days. */
  trackUntilDay: number;
}

function generateCycle(plan: CyclePlan, c: CycleInput, start: string, random: () => number): CycleDay[] {
  const out: CycleDay[] = [];
  const ov = c.ovulationDay;
  const peak = 35 + random() * 35;
  const lhAround = (day: number): number => {
    let value = plan.lhBaseline * Math.exp(0.25 * gaussian(random));
    if (ov !== null) {
      if (day === ov - 1) value = peak;
      else if (day === ov - 2) value = Math.max(value, peak * 0.45);
      else if (day === ov) value = Math.max(value, peak * 0.35);
    }
    for (const extra of c.extraLhPeaks ?? []) {
      if (day === extra) value = 27 + random() * 12;
      else if (Math.abs(day - extra) === 1) value = Math.max(value, 14 + random() * 6);
    }
    return Math.round(value * 10) / 10;
  };
  const expectedOv = ov ?? Math.round(c.length / 2);
  for (let day = 1; day <= c.generated; day++) {
    const date = addDays(start, day - 1);
    if (day > c.trackUntilDay) break;
    let temperature: number | null = plan.baseTemperature + plan.noise * gaussian(random);
    if (c.pill) temperature += 0.03;
    if (ov !== null && day > ov) {
      const ramp = day === ov + 1 ? 0.75 : day === ov + 2 ? 0.9 : 1;
      const fall = c.complete && !c.pregnant && day >= c.length - 1 ? 0.5 : 1;
      temperature += plan.shift * ramp * fall * (c.pregnant && day > ov + 14 ? 1.1 : 1);
    }
    if (random() < plan.missRate) temperature = null;
    const testing =
      !c.pill &&
      !(c.pregnant && day > expectedOv + 3) &&
      (plan.lhTesting === 'LONG'
        ? day >= 8
        : day >= Math.max(c.periodLength + 1, expectedOv - 6) && day <= expectedOv + 2);
    const lh = testing && random() >= (plan.lhTesting === 'LONG' ? 0.2 : 0.05) ? lhAround(day) : null;
    const flow = flowOn(day, c.periodLength, c.pill === true);
    const fertile = ov !== null && day >= ov - 5 && day <= ov;
    const intercourseRate = flow ? 0 : plan.intercourse === 'TTC' ? (fertile ? 0.55 : 0.15) : 0.2;
    let pregnancyTest: CycleDay['pregnancyTest'] = null;
    if (c.positiveTestDays?.includes(day)) pregnancyTest = 'POSITIVE';
    else if (c.pregnant && ov !== null && [ov + 14, ov + 16, ov + 21].includes(day))
      pregnancyTest = 'POSITIVE';
    else if (c.complete && !c.pill && day === c.length - 1 && plan.intercourse === 'TTC' && random() < 0.6) {
      pregnancyTest = 'NEGATIVE';
    }
    out.push({
      date,
      temperature: temperature === null ? null : Math.round(temperature * 100) / 100,
      lh,
      flow,
      mucus: c.pill ? (day > c.periodLength ? 'DRY' : null) : mucusOn(day, ov, c.periodLength, random),
      intercourse: random() < intercourseRate,
      pregnancyTest,
    });
  }
  return out;
}

/** The records of `plan` ending on `today` (the member's local date). */
export function generateCycleData(plan: CyclePlan, today: string): GeneratedCycleData {
  const random = seededRandom(plan.seed);
  const inputs: CycleInput[] = plan.cycles.map((c) => ({
    ...c,
    generated: c.length,
    complete: true,
    pregnant: false,
    trackUntilDay: Infinity,
  }));
  if (plan.pregnancy) {
    const p = plan.pregnancy;
    const elapsed = p.weeks * 7 + p.days + 1;
    inputs.push({
      length: elapsed,
      ovulationDay: p.ovulationDay,
      periodLength: p.periodLength,
      generated: elapsed,
      complete: false,
      pregnant: true,
      trackUntilDay: p.trackUntilWeeks * 7,
    });
  } else if (plan.current) {
    inputs.push({
      ...plan.current,
      length: plan.current.elapsed,
      generated: plan.current.elapsed,
      complete: false,
      pregnant: false,
      trackUntilDay: Infinity,
    });
  }
  const total = inputs.reduce((s, c) => s + c.generated, 0);
  let start = addDays(today, -(total - 1));
  const days: CycleDay[] = [];
  const pregnancies: GeneratedPregnancy[] = [];
  for (const c of inputs) {
    days.push(...generateCycle(plan, c, start, random));
    if (c.pregnant) pregnancies.push({ lmpDate: start, outcome: 'ONGOING', endedOn: null });
    if (c.positiveTestDays?.length) {
      pregnancies.push({ lmpDate: start, outcome: 'LOSS', endedOn: addDays(start, c.length) });
    }
    start = addDays(start, c.generated);
  }
  return { days, pregnancies };
}
