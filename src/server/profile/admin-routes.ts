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

  // The latest notifications of a provider, for reviewers checking what a provider was told.
  admin.get<{ Querystring: { email?: string } }>('/notifications', async (request, reply) => {
    const { email } = adminInput(z.object({ email: z.string().min(3) }), request.query);
    const provider = await findProviderByEmail(ctx, email);
    const rows = await ctx.db
      .selectFrom('notifications')
      .select(['id', 'category', 'title', 'body', 'template', 'params', 'data', 'created_at'])
      .where('provider_id', '=', provider.id)
      .orderBy('id', 'desc')
      .limit(20)
      .execute();
    return ok(
      reply,
      rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() })),
    );
  });
};
