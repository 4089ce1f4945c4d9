/**
 * getUserInfo's arithmetic against a real (embedded) database (issue 12): age on the birthday,
 * months trying, pregnancy week and due date (LMP + 280 days), a cycle range only when both ends
 * are known, and a member without a health profile. Issue 26: with cycle records, her usual cycle,
 * period and last period are her records' (the statistics the charts show), not her profile's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cycleFixtures } from '../../../fixtures';
import { memberInfo } from '../../../src/server/member-health/member-info';
import { cycleDayRow } from '../../../src/server/seed/cycle-data';
import { generateCycleData, type CyclePlan } from '../../../src/server/seed/cycle-generator';
import { analyseHistory } from '../../../src/shared/cycle';
import { insertMember, openTestDatabase, type TestDatabase } from './db-fixture';

let t: TestDatabase;

beforeAll(async () => {
  t = await openTestDatabase('member-info');
});

afterAll(async () => {
  await t?.close();
});

describe('memberInfo', () => {
  it('counts age, months trying and the cycle range on the day asked', async () => {
    const id = await insertMember(t.db);
    await t.db
      .insertInto('member_health_profiles')
      .values({
        member_id: id,
        birth_date: '1995-01-26',
        goal: 'TRYING_TO_CONCEIVE',
        cycle_length_days: 41,
        cycle_length_min: 34,
        cycle_length_max: 56,
        period_length_days: 6,
        conditions: ['PCOS'],
        trying_since: '2026-02-23',
        last_menstrual_period: null,
      })
      .execute();
    const before = await memberInfo(t.db, id, new Date('2026-01-25T23:59:00Z'));
    const on = await memberInfo(t.db, id, new Date('2026-01-26T00:00:00Z'));
    expect([before.age, on.age]).toEqual([30, 31]);
    const later = await memberInfo(t.db, id, new Date('2026-11-22T12:00:00Z'));
    expect(later).toMatchObject({
      birthDate: '1995-01-26',
      goal: 'TRYING_TO_CONCEIVE',
      cycleLengthRange: { min: 34, max: 56 },
      conditions: ['PCOS'],
      tryingForMonths: 8,
      pregnancyWeek: null,
      dueDate: null,
    });
    expect((await memberInfo(t.db, id, new Date('2026-11-23T00:00:00Z'))).tryingForMonths).toBe(9);
  });

  it('counts the pregnancy week and due date from the last period', async () => {
    const id = await insertMember(t.db);
    await t.db
      .insertInto('member_health_profiles')
      .values({
        member_id: id,
        birth_date: null,
        goal: 'PREGNANT',
        cycle_length_days: 28,
        cycle_length_min: null,
        cycle_length_max: null,
        period_length_days: 5,
        trying_since: null,
        last_menstrual_period: '2026-08-31',
      })
      .execute();
    const info = await memberInfo(t.db, id, new Date('2026-11-23T10:00:00Z'));
    expect(info).toMatchObject({
      age: null,
      pregnancyWeek: 12,
      dueDate: '2027-06-07',
      cycleLengthRange: null,
    });
    expect((await memberInfo(t.db, id, new Date('2026-11-22T10:00:00Z'))).pregnancyWeek).toBe(11);
  });

  it('answers a member without a profile with what her account has, and NOT_FOUND for nobody', async () => {
    const id = await insertMember(t.db, 'Plain');
    expect(await memberInfo(t.db, id)).toMatchObject({
      goal: null,
      age: null,
      conditions: [],
      cycleLengthDays: null,
    });
    await expect(memberInfo(t.db, 999_999)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  // Every persona who is not pregnant (Bianca's and Fatima's dates are the next test's).
  it.each(['ava', 'clara', 'daniela', 'emma'])(
    "answers %s's usual cycle, period and last period from her records, whatever her profile says",
    async (key) => {
      const id = await insertMember(t.db);
      await t.db
        .insertInto('member_health_profiles')
        .values({
          member_id: id,
          birth_date: null,
          goal: 'TRACKING',
          cycle_length_days: 31,
          cycle_length_min: 28,
          cycle_length_max: 34,
          period_length_days: 4,
          trying_since: null,
          last_menstrual_period: null,
        })
        .execute();
      const plan = cycleFixtures.members[key as keyof typeof cycleFixtures.members] as CyclePlan;
      const { days } = generateCycleData(plan, '2026-11-23');
      await t.db
        .insertInto('cycle_days')
        .values(days.map((d) => cycleDayRow(id, d)))
        .execute();
      const { statistics, cycles } = analyseHistory(days);
      const info = await memberInfo(t.db, id, new Date('2026-11-23T12:00:00Z'));
      expect(info).toMatchObject({
        cycleLengthDays: statistics.cycleLength.mean,
        cycleLengthRange: { min: statistics.cycleLength.min, max: statistics.cycleLength.max },
        periodLengthDays: statistics.periodLength.mean,
        recordedCycles: statistics.cycleLength.n,
        lastMenstrualPeriod: cycles.at(-1)!.startDate,
      });
      expect(info.lastMenstrualPeriod).not.toBeNull();
      if (key === 'emma') expect(info.cycleLengthDays).toBe(28.9);
    },
  );

  it('dates a recorded pregnancy as her charts do, on her own calendar', async () => {
    const id = await insertMember(t.db);
    await t.db
      .insertInto('member_health_profiles')
      .values({
        member_id: id,
        birth_date: null,
        goal: 'PREGNANT',
        cycle_length_days: null,
        cycle_length_min: null,
        cycle_length_max: null,
        period_length_days: null,
        trying_since: null,
        last_menstrual_period: '2026-08-01',
      })
      .execute();
    await t.db
      .insertInto('member_pregnancies')
      .values({ member_id: id, lmp_date: '2026-08-29', outcome: 'ONGOING', ended_on: null })
      .execute();
    const info = await memberInfo(t.db, id, new Date('2026-11-23T12:00:00Z'));
    expect(info).toMatchObject({
      lastMenstrualPeriod: '2026-08-29',
      pregnancyWeek: 12,
      dueDate: '2027-06-05',
      recordedCycles: 0,
    });
  });
});
