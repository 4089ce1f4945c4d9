/**
 * A member's cycle data as the calls answer it (docs/entities.md "Cycle data"): her recorded days,
 * every cycle analysed, and her ongoing pregnancy in weeks, all on her own calendar.
 */
import { analyseHistory, type CycleDay, type CycleHistory, splitCycles } from '../../shared/cycle';
import { addDays, daysBetween } from '../../shared/time/calendar';
import { localDateAt } from '../../shared/time/zoned';
import type { Database } from '../db/database';
import { ApiError } from '../http/api-error';

/** Naegele's rule: the due date is 280 days after the last period began. */
const PREGNANCY_DAYS = 280;

export interface MemberSummary {
  memberId: number;
  name: string;
  timezone: string;
  today: string;
}

export interface OngoingPregnancy {
  lmpDate: string;
  dueDate: string;
  weeks: number;
  days: number;
  trimester: number;
}

export interface MemberCycles {
  member: MemberSummary;
  pregnancy: OngoingPregnancy | null;
  days: CycleDay[];
  history: CycleHistory;
  /** The days of each cycle, by cycle number − 1. */
  cycleDays: CycleDay[][];
}

export async function loadMember(db: Database, memberId: number, now = Date.now()): Promise<MemberSummary> {
  const row = await db
    .selectFrom('members')
    .select(['id', 'first_name', 'last_name', 'timezone'])
    .where('id', '=', memberId)
    .executeTakeFirst();
  if (!row) throw ApiError.notFound('Member');
  return {
    memberId: row.id,
    name: `${row.first_name} ${row.last_name}`,
    timezone: row.timezone,
    today: localDateAt(now, row.timezone),
  };
}

/** Gestational age on `today` from the LMP; weeks 0–13 first trimester, 14–27 second. */
export function pregnancyOn(lmpDate: string, today: string): OngoingPregnancy {
  const elapsed = Math.max(0, daysBetween(lmpDate, today));
  const weeks = Math.floor(elapsed / 7);
  return {
    lmpDate,
    dueDate: addDays(lmpDate, PREGNANCY_DAYS),
    weeks,
    days: elapsed % 7,
    trimester: weeks < 14 ? 1 : weeks < 28 ? 2 : 3,
  };
}

export async function loadMemberCycles(db: Database, member: MemberSummary): Promise<MemberCycles> {
  const rows = await db
    .selectFrom('cycle_days')
    .selectAll()
    .where('member_id', '=', member.memberId)
    .where('day', '<=', member.today)
    .orderBy('day')
    .execute();
  const days: CycleDay[] = rows.map((r) => ({
    date: r.day,
    temperature: r.temperature_c,
    lh: r.lh_miu_ml,
    flow: r.flow,
    mucus: r.mucus,
    intercourse: r.intercourse,
    pregnancyTest: r.pregnancy_test,
  }));
  const pregnancyRow = await db
    .selectFrom('member_pregnancies')
    .select('lmp_date')
    .where('member_id', '=', member.memberId)
    .where('outcome', '=', 'ONGOING')
    .executeTakeFirst();
  return {
    member,
    pregnancy: pregnancyRow ? pregnancyOn(pregnancyRow.lmp_date, member.today) : null,
    days,
    history: analyseHistory(days),
    cycleDays: splitCycles(days).map((s) => s.days),
  };
}
