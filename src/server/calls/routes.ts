/**
 * `GET /api/call/iceServers`: the ICE servers for the signed-in provider's calls, with TURN
 * credentials made for them (./ice-servers.ts) that end when her session would end without further
 * activity — automatic logoff, or its absolute expiry (docs/security.md "Calls"); a secret, so never
 * stored by a cache.
 */
import type { FastifyInstance } from 'fastify';
import { getIceServers } from '../../shared/api/call';
import type { ServerContext } from '../context';
import { registerEndpoint } from '../http/route';
import { activityReportMs } from '../../shared/auto-logoff';
import { iceServersFor } from './ice-servers';

export function registerCallRoutes(app: FastifyInstance, ctx: ServerContext) {
  registerEndpoint(app, ctx, getIceServers, async ({ session, reply }) => {
    reply.header('Cache-Control', 'no-store');
    const row = await ctx.db
      .selectFrom('sessions')
      .select(['last_activity_at', 'expires_at'])
      .where('id', '=', session.sessionId)
      .executeTakeFirstOrThrow();
    const { autoLogoffSeconds } = ctx.config.session;
    const idleEnd =
      row.last_activity_at.getTime() + autoLogoffSeconds * 1000 + activityReportMs(autoLogoffSeconds);
    return iceServersFor(ctx.config, session.chatId, Date.now(), Math.min(idleEnd, row.expires_at.getTime()));
  });
}
