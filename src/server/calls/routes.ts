/**
 * `GET /api/call/iceServers`: the ICE servers for the signed-in provider's calls, with TURN
 * credentials made for them (./ice-servers.ts); a secret, so never stored by a cache
 * (docs/security.md).
 */
import type { FastifyInstance } from 'fastify';
import { getIceServers } from '../../shared/api/call';
import type { ServerContext } from '../context';
import { registerEndpoint } from '../http/route';
import { iceServersFor } from './ice-servers';

export function registerCallRoutes(app: FastifyInstance, ctx: ServerContext) {
  registerEndpoint(app, ctx, getIceServers, ({ session, reply }) => {
    reply.header('Cache-Control', 'no-store');
    return { iceServers: iceServersFor(ctx.config, session.chatId, Date.now()) };
  });
}
