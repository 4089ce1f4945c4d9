/**
 * Seeds every member persona's cycle data from fixtures/cycles.json (issue 12): daily records
 * generated deterministically, ending on the seed day in the member's time zone, and her
 * pregnancies.
 */
import { cycleFixtures, member } from '../../../fixtures';
import { localDateAt } from '../../shared/time/zoned';
import type { CycleDay } from '../../shared/cycle';
import { generateCycleData, type CyclePlan } from './cycle-generator';
import type { Seeder } from './seeder';

const BATCH = 200;

/** A member's day of records as its `cycle_days` row. */
export const cycleDayRow = (memberId: number, d: CycleDay) => ({
  member_id: memberId,
  day: d.date,
  temperature_c: d.temperature,
  lh_miu_ml: d.lh,
  flow: d.flow,
  mucus: d.mucus,
  intercourse: d.intercourse,
  pregnancy_test: d.pregnancyTest,
});

export const seedCycleData: Seeder = {
  name: 'cycle-data',
  async run({ db, now }) {
    for (const [key, plan] of Object.entries(cycleFixtures.members)) {
      const persona = member(key);
      const row = await db
        .selectFrom('members')
        .select('id')
        .where('email', '=', persona.email)
        .executeTakeFirstOrThrow();
      const { days, pregnancies } = generateCycleData(plan as CyclePlan, localDateAt(now, persona.timezone));
      for (let i = 0; i < days.length; i += BATCH) {
        await db
          .insertInto('cycle_days')
          .values(days.slice(i, i + BATCH).map((d) => cycleDayRow(row.id, d)))
          .execute();
      }
      if (pregnancies.length > 0) {
        await db
          .insertInto('member_pregnancies')
          .values(
            pregnancies.map((p) => ({
              member_id: row.id,
              lmp_date: p.lmpDate,
              outcome: p.outcome,
              ended_on: p.endedOn,
            })),
          )
          .execute();
      }
    }
  },
};
