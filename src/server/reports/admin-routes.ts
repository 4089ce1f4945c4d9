/**
 * Reports over the admin API. `npm run admin -- assign-report <member> <provider>`:
 * `POST /internal/admin/reports {member, provider, type?, title?}` assigns an expert report to an
 * approved provider, who is notified (assign-report.ts). `npm run admin -- request-report <member>`:
 * `POST /internal/admin/reports/requests {member, type?, title?, question?}` puts a member's
 * request in the open pool. `npm run admin -- reports grant|revoke
 * <email>`: `POST /internal/admin/reports/access {provider, action}`; `reports list`: `GET
 * /internal/admin/reports/access` (report-access.ts).
 */
import { z } from 'zod';
import { EXPERT_REPORT_TYPES } from '../../shared/expert-reports';
import { adminInput, findMember, findProviderByEmail, type AdminRoutes } from '../admin/routes';
import { ok } from '../http/envelope';
import { assignReport } from './assign-report';
import { grantReportAccess, revokeReportAccess } from './report-access';

const Assign = z.object({
  member: z.string().min(1).describe('Member email or chat id'),
  provider: z.string().min(3).describe('Provider email'),
  type: z.enum(EXPERT_REPORT_TYPES).default('CYCLE_ANALYSIS'),
  title: z.string().trim().max(200).optional(),
});

const Request = z.object({
  member: z.string().min(1).describe('Member email or chat id'),
  type: z.enum(EXPERT_REPORT_TYPES).default('CYCLE_ANALYSIS'),
  title: z.string().trim().max(200).optional(),
  question: z.string().trim().max(2000).optional(),
});

const Access = z.object({
  provider: z.string().min(3).describe('Provider email'),
  action: z.enum(['grant', 'revoke']),
});

export const reportAdminRoutes: AdminRoutes = (admin, ctx) => {
  admin.post('/reports', async (request, reply) => {
    const input = adminInput(Assign, request.body);
    const provider = await findProviderByEmail(ctx, input.provider);
    const member = await findMember(ctx, input.member);
    const report = await assignReport(ctx, {
      providerId: provider.id,
      memberId: member.id,
      type: input.type,
      title: input.title,
    });
    return ok(reply, {
      reportId: report.id,
      provider: provider.email,
      member: report.memberName,
      type: report.type,
      title: report.title,
      status: report.status,
      assignedAt: report.assignedAt.toISOString(),
      notificationId: report.notificationId,
    });
  });

  // A member's request from her app: the report goes to the open pool.
  admin.post('/reports/requests', async (request, reply) => {
    const input = adminInput(Request, request.body);
    const member = await findMember(ctx, input.member);
    const report = await assignReport(ctx, {
      providerId: null,
      memberId: member.id,
      type: input.type,
      title: input.title,
      question: input.question,
    });
    return ok(reply, {
      reportId: report.id,
      member: report.memberName,
      type: report.type,
      title: report.title,
      status: report.status,
      createdAt: report.assignedAt.toISOString(),
    });
  });

  admin.get('/reports/access', async (_request, reply) => {
    const rows = await ctx.db
      .selectFrom('report_access_grants')
      .innerJoin('providers', 'providers.id', 'report_access_grants.provider_id')
      .select(['providers.email', 'providers.audit_status', 'report_access_grants.granted_at'])
      .where('report_access_grants.revoked_at', 'is', null)
      .where('providers.cancelled_at', 'is', null)
      .orderBy('providers.email')
      .execute();
    return ok(
      reply,
      rows.map((r) => ({
        provider: r.email,
        grantedAt: r.granted_at.toISOString(),
        // A grant lapses while the profile is back under review (report-access.ts).
        active: r.audit_status === 'AUDIT_PASSED',
      })),
    );
  });

  admin.post('/reports/access', async (request, reply) => {
    const input = adminInput(Access, request.body);
    const provider = await findProviderByEmail(ctx, input.provider);
    const change =
      input.action === 'grant'
        ? { ...(await grantReportAccess(ctx.db, provider.id)), released: [] }
        : await revokeReportAccess(ctx.db, provider.id);
    return ok(reply, {
      provider: provider.email,
      reportAccess: change.granted,
      changed: change.changed,
      at: change.at.toISOString(),
      releasedReportIds: change.released,
    });
  });
};
