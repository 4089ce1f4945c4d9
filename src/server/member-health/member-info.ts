/**
 * The member a report is about, as getUserInfo answers it (issue 12: age, goal, cycle length,
 * known conditions): her account, her health profile (migrations/0510) and her cycle records.
 * Her usual cycle and period length and her last period come from her records through the same
 * computation as the charts and the PDFs (src/shared/cycle cycleFacts, issue 26); her profile
 * answers only what her records cannot (no complete cycle, no period on record). A pregnancy is
 * dated on her own calendar, as the charts date it. Ages and months trying are counted on the day
 * asked, in UTC.
 */
import { sql } from 'kysely';
import type { MemberInfo } from '../../shared/api/expert-reports';
import { cycleFacts } from '../../shared/cycle';
import { localDateAt } from '../../shared/time/zoned';
import type { Database } from '../db/database';
import { ApiError } from '../http/api-error';
import { loadMemberCycles, pregnancyOn } from './member-cycles';

/** Whole years from the date `from` (`YYYY-MM-DD`) to the instant `to`, in UTC: an age. */
export function wholeYearsBetween(from: string, to: Date): number {
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  const years = to.getUTCFullYear() - y;
  const beforeBirthday = to.getUTCMonth() + 1 < m || (to.getUTCMonth() + 1 === m && to.getUTCDate() < d);
  return beforeBirthday ? years - 1 : years;
}

function wholeMonthsBetween(from: string, to: Date): number {
  const [y, m, d] = from.split('-').map(Number) as [number, number, number];
  const months = (to.getUTCFullYear() - y) * 12 + (to.getUTCMonth() + 1 - m);
  return Math.max(0, to.getUTCDate() < d ? months - 1 : months);
}

export async function memberInfo(db: Database, memberId: number, now = new Date()): Promise<MemberInfo> {
  const row = await db
    .selectFrom('members as m')
    .leftJoin('member_health_profiles as h', 'h.member_id', 'm.id')
    .select([
      'm.id',
      'm.chat_id',
      'm.first_name',
      'm.last_name',
      'm.avatar_url',
      'm.country',
      'm.timezone',
      'h.goal',
      'h.cycle_length_days',
      'h.cycle_length_min',
      'h.cycle_length_max',
      'h.period_length_days',
      'h.conditions',
      sql<string | null>`h.birth_date::text`.as('birth_date'),
      sql<string | null>`h.trying_since::text`.as('trying_since'),
      sql<string | null>`h.last_menstrual_period::text`.as('last_menstrual_period'),
    ])
    .where('m.id', '=', memberId)
    .executeTakeFirst();
  if (!row) throw ApiError.notFound(`Member ${memberId}`);
  const name = `${row.first_name} ${row.last_name}`;
  const today = localDateAt(now.getTime(), row.timezone);
  const records = await loadMemberCycles(db, { memberId, name, timezone: row.timezone, today });
  const facts = cycleFacts(records.history);
  const fromRecords = facts.cycles > 0;
  const profileRange =
    row.cycle_length_min !== null && row.cycle_length_max !== null
      ? { min: row.cycle_length_min, max: row.cycle_length_max }
      : null;
  const lmp = records.pregnancy?.lmpDate ?? facts.lastPeriodStart ?? row.last_menstrual_period;
  const pregnancy =
    records.pregnancy ?? (row.goal === 'PREGNANT' && lmp !== null ? pregnancyOn(lmp, today) : null);
  return {
    userId: row.id,
    chatId: row.chat_id,
    name,
    avatar: row.avatar_url,
    country: row.country,
    timezone: row.timezone,
    birthDate: row.birth_date,
    age: row.birth_date === null ? null : wholeYearsBetween(row.birth_date, now),
    goal: row.goal,
    cycleLengthDays: fromRecords ? facts.cycleLength : row.cycle_length_days,
    cycleLengthRange: fromRecords ? facts.cycleRange : profileRange,
    periodLengthDays: facts.periodLength ?? row.period_length_days,
    recordedCycles: facts.cycles,
    conditions: row.conditions ?? [],
    tryingForMonths:
      row.goal === 'TRYING_TO_CONCEIVE' && row.trying_since !== null
        ? wholeMonthsBetween(row.trying_since, now)
        : null,
    lastMenstrualPeriod: lmp,
    pregnancyWeek: pregnancy?.weeks ?? null,
    dueDate: pregnancy?.dueDate ?? null,
  };
}
