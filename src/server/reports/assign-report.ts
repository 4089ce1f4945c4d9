/**
 * Assigning an expert report to a provider (spec §7 "Expert reports"; issue 6 "notifications are
 * created by real events: … report assignments"): the report row and the provider's REPORT
 * notification in one transaction, announced after it commits, pushed unless the provider muted
 * reports. Only an approved provider takes reports, as only an approved one takes bookings. A
 * report with no provider is a member's request in the open pool (issue 12).
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
import { ASSIGNED, OPEN } from './report-machine';

export interface ReportAssignment {
  /** Null: the report goes to the open pool, where any provider with report access claims it. */
  providerId: number | null;
  memberId: number;
  /** What the member asked for. */
  question?: string;
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
  /** The holder's REPORT notification; null for a report put in the pool. */
  notificationId: number | null;
}

export async function assignReport(
  ctx: { db: Database; events: EventBus },
  input: ReportAssignment,
): Promise<AssignedReport> {
  const at = input.at ?? new Date();
  const title = input.title?.trim() || DEFAULT_REPORT_TITLES[input.type];
  if (input.providerId === null) return requestReport(ctx.db, { ...input, at, title });
  const providerId = input.providerId;
  return inTransaction(ctx.db, async (trx) => {
    const provider = await trx
      .selectFrom('providers')
      .select(['id', 'audit_status', 'cancelled_at'])
      .where('id', '=', providerId)
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
        member_question: input.question?.trim() ?? '',
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

/** A member's request put in the open pool (OPEN, no provider). */
async function requestReport(
  db: Database,
  input: ReportAssignment & { at: Date; title: string },
): Promise<AssignedReport> {
  const member = await db
    .selectFrom('members')
    .select(['id', 'first_name', 'last_name'])
    .where('id', '=', input.memberId)
    .executeTakeFirst();
  if (!member) throw ApiError.notFound('Member');
  const row = await db
    .insertInto('expert_reports')
    .values({
      member_id: member.id,
      provider_id: null,
      report_type: input.type,
      title: input.title,
      status: OPEN,
      created_at: input.at,
      assigned_at: input.at,
      member_question: input.question?.trim() ?? '',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return {
    id: row.id,
    title: input.title,
    type: input.type,
    status: OPEN,
    memberName: `${member.first_name} ${member.last_name}`,
    assignedAt: input.at,
    notificationId: null,
  };
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
