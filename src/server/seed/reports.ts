/**
 * Seeds expert reports from `fixtures/reports.json`: the editor's catalogues, the members' health
 * profiles (fixtures/personas.json "health" and her cycle records), and the reports — through the real assignment (which
 * creates each provider's REPORT notification) or into the open pool, backdated, then moved along
 * the report table to their status with their content; the notification of a report the provider
 * has acted on is read. Report access for the providers the fixture names.
 */
import { sql } from 'kysely';
import { member, personas, provider, reportFixtures } from '../../../fixtures';
import type {
  ExpertReportStatus,
  ExpertReportType,
  LifestyleArea,
  MemberGoal,
} from '../../shared/expert-reports';
import { cycleFacts } from '../../shared/cycle';
import { localDateAt } from '../../shared/time/zoned';
import type { Database } from '../db/database';
import { loadMemberCycles } from '../member-health/member-cycles';
import { EventBus } from '../events/event-bus';
import { assignReport } from '../reports/assign-report';
import { grantReportAccess } from '../reports/report-access';
import type { ExpertReportEvent } from '../reports/report-machine';
import { moveReport } from '../reports/report-moves';
import type { Seeder } from './seeder';

const HOUR = 3600_000;
const DAY = 24 * HOUR;

/** The events that take a freshly created report to a status. */
const PATH: Record<ExpertReportStatus, ExpertReportEvent[]> = {
  OPEN: [],
  ASSIGNED: [],
  CLAIMED: ['CLAIM', 'SAVE'],
  COMPLETED: ['CLAIM', 'SAVE', 'COMPLETE'],
};

type ReportFixture = (typeof reportFixtures.reports)[number];

async function providerId(db: Database, key: string): Promise<number> {
  const row = await db
    .selectFrom('providers')
    .select('id')
    .where('email', '=', provider(key).email)
    .executeTakeFirstOrThrow();
  return row.id;
}

function contentColumns(r: ReportFixture) {
  const c = 'content' in r ? r.content : undefined;
  if (!c) return {};
  return {
    summary: c.summary,
    category_ids: c.categoryIds,
    todo_ids: c.toDoIds,
    custom_todos: c.customToDos,
    lifestyle_ids: c.lifestyleIds,
    blog_ids: c.blogIds,
    video_ids: c.videoIds,
    tag_ids: c.tagIds,
    follow_up_weeks: c.followUpWeeks,
  };
}

async function seedCatalogues(db: Database) {
  await db
    .insertInto('expert_report_categories')
    .values(reportFixtures.categories.map((c, i) => ({ ...c, sort_order: i })))
    .execute();
  await db
    .insertInto('expert_report_todos')
    .values(
      reportFixtures.toDos.map((t, i) => ({
        id: t.id,
        category_id: t.categoryId,
        text: t.text,
        sort_order: i,
      })),
    )
    .execute();
  await db
    .insertInto('expert_report_lifestyle')
    .values(
      reportFixtures.lifestyle.map((l, i) => ({
        id: l.id,
        area: l.area as LifestyleArea,
        text: l.text,
        sort_order: i,
      })),
    )
    .execute();
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Her health profile as her app keeps it: birth date, goal, conditions and months trying from her
 * persona; her usual cycle, period and last period derived from the cycle records the seed
 * generated (seed/cycle-data.ts runs first), with the computation the portal and the PDFs use
 * (src/shared/cycle cycleFacts, issue 26), so the profile and the charts tell one story.
 */
async function seedHealthProfiles(db: Database, now: number) {
  for (const m of personas.members) {
    const h = m.health;
    const row = await db
      .selectFrom('members')
      .select(['id', 'first_name', 'last_name', 'timezone'])
      .where('email', '=', m.email)
      .executeTakeFirstOrThrow();
    const records = await loadMemberCycles(db, {
      memberId: row.id,
      name: `${row.first_name} ${row.last_name}`,
      timezone: row.timezone,
      today: localDateAt(now, row.timezone),
    });
    const facts = cycleFacts(records.history);
    const derived = {
      cycle_length_days: facts.cycleLength === null ? null : Math.round(facts.cycleLength),
      cycle_length_min: facts.cycleRange?.min ?? null,
      cycle_length_max: facts.cycleRange?.max ?? null,
      period_length_days: facts.periodLength === null ? null : Math.round(facts.periodLength),
      last_menstrual_period: records.pregnancy?.lmpDate ?? facts.lastPeriodStart,
    };
    // A database seeded before issue 26 has her profile with figures of its own: they are replaced.
    await db
      .insertInto('member_health_profiles')
      .values({
        member_id: row.id,
        birth_date: h.birthDate,
        goal: h.goal as MemberGoal,
        conditions: h.conditions,
        trying_since:
          h.tryingForMonths === null ? null : isoDate(new Date(now - h.tryingForMonths * 30.44 * DAY)),
        ...derived,
      })
      .onConflict((oc) => oc.column('member_id').doUpdateSet(derived))
      .execute();
  }
}

/** The editor's catalogues (issue 12; a database seeded before has them too). */
export const seedReportCatalogues: Seeder = {
  name: 'expert-report-catalogues',
  async run({ db }) {
    await seedCatalogues(db);
  },
};

/** The members' health profiles, after their cycle records (issue 26). */
export const seedHealthProfileFacts: Seeder = {
  name: 'member-health-profiles',
  async run({ db, now }) {
    await seedHealthProfiles(db, now);
  },
};

export const seedExpertReports: Seeder = {
  name: 'expert-reports',
  async run({ db, now }) {
    const events = new EventBus();
    for (const r of reportFixtures.reports) {
      const holder = 'provider' in r && r.provider ? await providerId(db, r.provider) : null;
      const memberRow = await db
        .selectFrom('members')
        .select('id')
        .where('email', '=', member(r.member).email)
        .executeTakeFirstOrThrow();
      const at = new Date(now - r.hoursAgo * HOUR);
      const report = await assignReport(
        { db, events },
        {
          providerId: r.status === 'OPEN' ? null : holder,
          memberId: memberRow.id,
          type: r.type as ExpertReportType,
          title: r.title,
          question: r.question,
          at,
        },
      );
      const path = PATH[r.status as ExpertReportStatus];
      for (const [i, event] of path.entries()) {
        await moveReport(db, holder!, report.id, event, {
          at: new Date(at.getTime() + (i + 1) * HOUR),
          extra: event === 'SAVE' ? contentColumns(r) : undefined,
        });
      }
      if (report.notificationId === null) continue;
      // Notifications are stamped by the database; this one tells of the backdated assignment.
      const readAt = path.length > 0 ? new Date(at.getTime() + HOUR) : null;
      await sql`update notifications set created_at = ${at}, read_at = ${readAt}
        where id = ${report.notificationId}`.execute(db);
    }
  },
};

/** Report access for the providers fixtures/reports.json names (the approved demo provider). */
export const seedReportAccess: Seeder = {
  name: 'report-access',
  async run({ db, now }) {
    for (const key of reportFixtures.reportAccess)
      await grantReportAccess(db, await providerId(db, key), new Date(now));
  },
};
