/**
 * `GET /api/message/qb/user/getInfo`: the signed-in provider's chat credentials for this portal
 * session (spec §7); a secret, so never stored by a cache (docs/security.md).
 */
import type { FastifyInstance } from 'fastify';
import { getChatCredentials } from '../../shared/api/chat-identity';
import type { ServerContext } from '../context';
import { registerEndpoint } from '../http/route';
import { chatCredentials } from './chat-users';

export function registerChatIdentityRoutes(app: FastifyInstance, ctx: ServerContext) {
  registerEndpoint(app, ctx, getChatCredentials, async ({ session, reply }) => {
    reply.header('Cache-Control', 'no-store');
    const user = await ctx.db
      .selectFrom('chat_users')
      .select(['id', 'login'])
      .where('id', '=', session.chatId)
      .executeTakeFirstOrThrow();
    return chatCredentials(ctx, user.id, user.login, session.sessionId);
  });
}
