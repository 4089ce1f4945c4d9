/**
 * Report assignment over the admin API (`npm run admin -- assign-report <member> <provider>`):
 * `POST /internal/admin/reports {member, provider, type?, title?}` assigns an expert report to an
 * approved provider, who is notified (assign-report.ts).
 */
import { z } from 'zod';
import { EXPERT_REPORT_TYPES } from '../../shared/expert-reports';
import { adminInput, findMember, findProviderByEmail, type AdminRoutes } from '../admin/routes';
import { ok } from '../http/envelope';
import { assignReport } from './assign-report';

const Assign = z.object({
  member: z.string().min(1).describe('Member email or chat id'),
  provider: z.string().min(3).describe('Provider email'),
  type: z.enum(EXPERT_REPORT_TYPES).default('CYCLE_ANALYSIS'),
  title: z.string().trim().max(200).optional(),
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
};
