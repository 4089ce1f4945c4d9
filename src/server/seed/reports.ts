/**
 * Seeds the expert reports of `fixtures/reports.json` through the real assignment (which creates
 * each provider's REPORT notification), backdated, then moved along the report table to their
 * status; the notification of a report the provider has acted on is read.
 */
import { sql } from 'kysely';
import { member, provider, reportFixtures } from '../../../fixtures';
import type { ExpertReportStatus, ExpertReportType } from '../../shared/expert-reports';
import { EventBus } from '../events/event-bus';
import { applyReportEvent, assignReport } from '../reports/assign-report';
import type { ExpertReportEvent } from '../reports/report-machine';
import { grantReportAccess } from '../reports/report-access';
import type { Seeder } from './seeder';

const HOUR = 3600_000;

/** The events that take a freshly assigned report to a status. */
const PATH: Record<ExpertReportStatus, ExpertReportEvent[]> = {
  ASSIGNED: [],
  CLAIMED: ['CLAIM'],
  COMPLETED: ['CLAIM', 'COMPLETE'],
};

export const seedExpertReports: Seeder = {
  name: 'expert-reports',
  async run({ db }) {
    const events = new EventBus();
    const now = Date.now();
    for (const r of reportFixtures.reports) {
      const providerRow = await db
        .selectFrom('providers')
        .select('id')
        .where('email', '=', provider(r.provider).email)
        .executeTakeFirstOrThrow();
      const memberRow = await db
        .selectFrom('members')
        .select('id')
        .where('email', '=', member(r.member).email)
        .executeTakeFirstOrThrow();
      const at = new Date(now - r.hoursAgo * HOUR);
      const report = await assignReport(
        { db, events },
        {
          providerId: providerRow.id,
          memberId: memberRow.id,
          type: r.type as ExpertReportType,
          title: r.title,
          at,
        },
      );
      const path = PATH[r.status as ExpertReportStatus];
      for (const [i, event] of path.entries()) {
        await applyReportEvent(db, providerRow.id, report.id, event, new Date(at.getTime() + (i + 1) * HOUR));
      }
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
  async run({ db }) {
    for (const key of reportFixtures.reportAccess) {
      const row = await db
        .selectFrom('providers')
        .select('id')
        .where('email', '=', provider(key).email)
        .executeTakeFirstOrThrow();
      await grantReportAccess(db, row.id);
    }
  },
};
