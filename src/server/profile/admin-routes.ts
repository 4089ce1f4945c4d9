/** Reviewer decisions over the admin API (`npm run admin -- audit approve|reject <email>`). */
import { z } from 'zod';
import { adminInput, findProviderByEmail, type AdminRoutes } from '../admin/routes';
import { ok } from '../http/envelope';
import { loadAuditInfo } from './audit-info';
import { decideReview } from './review';

const Decision = z.object({
  email: z.string().min(3),
  decision: z.enum(['approve', 'reject']),
  reasons: z.array(z.string().trim().min(1).max(500)).max(10).default([]),
});

export const auditAdminRoutes: AdminRoutes = (admin, ctx) => {
  admin.post('/audit', async (request, reply) => {
    const input = adminInput(Decision, request.body);
    const provider = await findProviderByEmail(ctx, input.email);
    const result = await decideReview(
      ctx,
      provider.id,
      input.decision === 'approve' ? 'APPROVE' : 'REJECT',
      input.reasons,
    );
    const info = await loadAuditInfo(ctx.db, provider.id);
    return ok(reply, { email: provider.email, from: result.from, ...info });
  });
};
