/**
 * Assigning an expert report to a provider (spec §7 "Expert reports"; issue 6 "notifications are
 * created by real events: … report assignments"): the report row and the provider's REPORT
 * notification in one transaction, announced after it commits, pushed unless the provider muted
 * reports. Only an approved provider takes reports, as only an approved one takes bookings.
 */
import {
  DEFAULT_REPORT_TITLES,
  PENDING_REPORT_STATUSES,
  type ExpertReportStatus,
  type ExpertReportType,
} from '../../shared/expert-reports';
import type { Database } from '../db/database';
import { inTransaction } from '../db/transaction';
import type { EventBus } from '../events/event-bus';
import { ApiError } from '../http/api-error';
import { createNotification } from '../notifications/create-notification';
import {
  ASSIGNED,
  IllegalReportTransition,
  reportTransition,
  type ExpertReportEvent,
} from './report-machine';

export interface ReportAssignment {
  providerId: number;
  memberId: number;
  type: ExpertReportType;
  /** Defaults to the type's name. */
  title?: string;
  /** When it was assigned (the seed backdates); now by default. */
  at?: Date;
}

export interface AssignedReport {
  id: number;
  title: string;
  type: ExpertReportType;
  status: ExpertReportStatus;
  memberName: string;
  assignedAt: Date;
  notificationId: number;
}

export async function assignReport(
  ctx: { db: Database; events: EventBus },
  input: ReportAssignment,
): Promise<AssignedReport> {
  const at = input.at ?? new Date();
  const title = input.title?.trim() || DEFAULT_REPORT_TITLES[input.type];
  return inTransaction(ctx.db, async (trx) => {
    const provider = await trx
      .selectFrom('providers')
      .select(['id', 'audit_status', 'cancelled_at'])
      .where('id', '=', input.providerId)
      .forUpdate()
      .executeTakeFirst();
    if (!provider || provider.cancelled_at) throw ApiError.notFound('Provider');
    if (provider.audit_status !== 'AUDIT_PASSED') {
      throw new ApiError('INVALID_STATE', 'Reports go to approved providers only', {
        auditStatus: provider.audit_status,
      });
    }
    const member = await trx
      .selectFrom('members')
      .select(['id', 'first_name', 'last_name'])
      .where('id', '=', input.memberId)
      .executeTakeFirst();
    if (!member) throw ApiError.notFound('Member');
    const row = await trx
      .insertInto('expert_reports')
      .values({
        member_id: member.id,
        provider_id: provider.id,
        report_type: input.type,
        title,
        status: ASSIGNED,
        created_at: at,
        assigned_at: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const memberName = `${member.first_name} ${member.last_name}`;
    const notificationId = await createNotification(
      { db: trx, events: ctx.events },
      {
        providerId: provider.id,
        category: 'REPORT',
        title: 'An expert report was assigned to you',
        body: `${title} for ${memberName}.`,
        template: {
          key: 'report.assigned',
          params: { memberName, reportTitle: title, reportType: input.type },
        },
        data: { reportId: row.id, memberId: member.id },
      },
    );
    return {
      id: row.id,
      title,
      type: input.type,
      status: ASSIGNED,
      memberName,
      assignedAt: at,
      notificationId,
    };
  });
}

/**
 * Moves a provider's report along the table (claim, give back, complete) and stamps the time;
 * NOT_FOUND for another provider's report, INVALID_STATE for an illegal move.
 */
export async function applyReportEvent(
  db: Database,
  providerId: number,
  reportId: number,
  event: ExpertReportEvent,
  at = new Date(),
): Promise<ExpertReportStatus> {
  return inTransaction(db, async (trx) => {
    const report = await trx
      .selectFrom('expert_reports')
      .select(['id', 'status'])
      .where('id', '=', reportId)
      .where('provider_id', '=', providerId)
      .forUpdate()
      .executeTakeFirst();
    if (!report) throw ApiError.notFound(`Report ${reportId}`);
    let to: ExpertReportStatus;
    try {
      to = reportTransition(report.status, event);
    } catch (error) {
      if (error instanceof IllegalReportTransition)
        throw new ApiError('INVALID_STATE', error.message, { status: report.status });
      throw error;
    }
    await trx
      .updateTable('expert_reports')
      .set({
        status: to,
        ...(event === 'CLAIM' && { claimed_at: at }),
        ...(event === 'DISCLAIM' && { claimed_at: null }),
        ...(event === 'COMPLETE' && { completed_at: at }),
      })
      .where('id', '=', report.id)
      .execute();
    return to;
  });
}

/** Reports assigned to the provider and not completed: the dashboard's "pending reports". */
export async function countPendingReports(db: Database, providerId: number): Promise<number> {
  const row = await db
    .selectFrom('expert_reports')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('provider_id', '=', providerId)
    .where('status', 'in', [...PENDING_REPORT_STATUSES])
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
