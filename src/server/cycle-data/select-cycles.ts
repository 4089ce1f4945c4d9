/** Picks the cycles a call answers from a member's analysed history (src/shared/api/cycle-data.ts). */
import { type CycleAnalysis, type CycleDay, latestCycles } from '../../shared/cycle';
import { ApiError } from '../http/api-error';
import type { MemberCycles } from '../member-health/member-cycles';

export interface CycleWithDays {
  cycle: CycleAnalysis;
  days: CycleDay[];
}

function withDays(data: MemberCycles, cycle: CycleAnalysis): CycleWithDays {
  return { cycle, days: data.cycleDays[cycle.number - 1] ?? [] };
}

/** Cycle `number`, or the latest complete one, or the running one; NOT_FOUND without any. */
export function pickCycle(data: MemberCycles, number: number | undefined): CycleWithDays {
  const { cycles } = data.history;
  if (cycles.length === 0) throw ApiError.notFound('Cycle data');
  if (number !== undefined) {
    const found = cycles[number - 1];
    if (!found) throw ApiError.notFound(`Cycle ${number}`);
    return withDays(data, found);
  }
  return withDays(data, cycles.filter((c) => c.complete).at(-1) ?? cycles.at(-1)!);
}

/**
 * The latest `count` cycles, the running one included, oldest first (src/shared/cycle latestCycles:
 * the portal's overlays pick the same); NOT_FOUND without any.
 */
export function latestOf(data: MemberCycles, count: number): CycleWithDays[] {
  if (data.history.cycles.length === 0) throw ApiError.notFound('Cycle data');
  return latestCycles(data.history.cycles, count).map((c) => withDays(data, c));
}

/** Page `page` of `pageSize` cycles, newest first. */
export function cyclePage(data: MemberCycles, page: number, pageSize: number): CycleWithDays[] {
  const newestFirst = [...data.history.cycles].reverse();
  return newestFirst.slice((page - 1) * pageSize, page * pageSize).map((c) => withDays(data, c));
}
