/**
 * A member's cycle records as the e2e stack's seed wrote them (fixtures/cycles.json through
 * src/server/seed/cycle-generator.ts): up to her today at the seed's moment, which a midnight in
 * her zone may have passed since (docs/architecture.md §1 "Fixtures").
 */
import { cycleFixtures, member } from '../../fixtures';
import { generateCycleData, type CyclePlan } from '../../src/server/seed/cycle-generator';
import { localDateAt } from '../../src/shared/time/zoned';
import { seededAt } from '../support/admin-cli';

export async function seededRecords(
  key: string,
): Promise<ReturnType<typeof generateCycleData> & { today: string }> {
  const plan = (cycleFixtures.members as Record<string, unknown>)[key] as CyclePlan | undefined;
  if (!plan) throw new Error(`fixtures/cycles.json has no records for ${key}`);
  const today = localDateAt(await seededAt('cycle-data', process.env.E2E_DATA_DIR!), member(key).timezone);
  return { today, ...generateCycleData(plan, today) };
}
