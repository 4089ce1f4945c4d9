/**
 * Cuts a member's days into cycles (docs/entities.md "Cycle data"): a cycle starts on a day of
 * bleeding (light flow or more; spotting does not count) after a day without it, at least
 * {@link MIN_CYCLE_DAYS} days after the previous start, so that a mid-cycle bleed does not split a
 * cycle. Days before the first start belong to no complete cycle and are left out.
 */
import { addDays, daysBetween } from '../time/calendar';
import type { CycleDay, FlowLevel } from './types';

export const MIN_CYCLE_DAYS = 10;

export interface CycleSpan {
  startDate: string;
  endDate: string;
  complete: boolean;
  /** One entry per calendar day from start to end; days without any record are blank. */
  days: CycleDay[];
}

function isBleeding(flow: FlowLevel | null): boolean {
  return flow === 'LIGHT' || flow === 'MEDIUM' || flow === 'HEAVY';
}

export function blankDay(date: string): CycleDay {
  return {
    date,
    temperature: null,
    lh: null,
    flow: null,
    mucus: null,
    intercourse: false,
    pregnancyTest: null,
  };
}

/**
 * Cycles in date order, the last one running unless `days` end with a period start. `days` may be
 * in any order and have gaps.
 */
export function splitCycles(days: readonly CycleDay[]): CycleSpan[] {
  const sorted = [...days].sort((a, b) => a.date.localeCompare(b.date));
  const byDate = new Map(sorted.map((d) => [d.date, d]));
  const starts: string[] = [];
  for (const day of sorted) {
    if (!isBleeding(day.flow)) continue;
    if (isBleeding(byDate.get(addDays(day.date, -1))?.flow ?? null)) continue;
    const last = starts.at(-1);
    if (last !== undefined && daysBetween(last, day.date) < MIN_CYCLE_DAYS) continue;
    starts.push(day.date);
  }
  const lastDate = sorted.at(-1)?.date;
  return starts.map((startDate, i) => {
    const next = starts[i + 1];
    const endDate = next ? addDays(next, -1) : lastDate!;
    const length = daysBetween(startDate, endDate) + 1;
    return {
      startDate,
      endDate,
      complete: next !== undefined,
      days: Array.from({ length }, (_, k) => {
        const date = addDays(startDate, k);
        return byDate.get(date) ?? blankDay(date);
      }),
    };
  });
}
