/** `GET /api/message/qb/user/getInfo`: the signed-in provider's chat credentials (spec §7). */
import type { FastifyInstance } from 'fastify';
import { getChatCredentials } from '../../shared/api/chat-identity';
import type { ServerContext } from '../context';
import { registerEndpoint } from '../http/route';
import { chatCredentials } from './chat-users';

export function registerChatIdentityRoutes(app: FastifyInstance, ctx: ServerContext) {
  registerEndpoint(app, ctx, getChatCredentials, async ({ session }) => {
    const user = await ctx.db
      .selectFrom('chat_users')
      .select(['id', 'login'])
      .where('id', '=', session.chatId)
      .executeTakeFirstOrThrow();
    return chatCredentials(ctx, user.id, user.login);
  });
}
