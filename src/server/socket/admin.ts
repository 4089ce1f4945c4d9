/**
 * Admin routes of the app socket, for tools and tests: `GET /internal/admin/app-socket/events?email=`
 * (the provider's latest stored app logs) and `GET /internal/admin/app-socket/connections`.
 */
import { z } from 'zod';
import { adminInput, findProviderByEmail, type AdminRoutes } from '../admin/routes';
import { ok } from '../http/envelope';
import { appSockets } from './registry';

export const appSocketAdminRoutes: AdminRoutes = (admin, ctx) => {
  admin.get('/app-socket/events', async (request, reply) => {
    const { email } = adminInput(z.object({ email: z.string() }), request.query);
    const provider = await findProviderByEmail(ctx, email);
    const rows = await ctx.db
      .selectFrom('app_socket_events')
      .select(['event', 'page', 'params', 'client_time', 'created_at'])
      .where('provider_id', '=', provider.id)
      .orderBy('id', 'desc')
      .limit(50)
      .execute();
    return ok(
      reply,
      rows.map((r) => ({
        event: r.event,
        page: r.page,
        params: r.params,
        clientTime: r.client_time?.toISOString() ?? null,
        createdAt: r.created_at.toISOString(),
      })),
    );
  });

  admin.get('/app-socket/connections', async (_request, reply) => {
    const byProvider = new Map<number, number>();
    for (const s of appSockets.all()) {
      if (s.auth?.kind === 'provider')
        byProvider.set(s.auth.providerId, (byProvider.get(s.auth.providerId) ?? 0) + 1);
    }
    return ok(reply, { total: appSockets.size, byProvider: Object.fromEntries(byProvider) });
  });
};
