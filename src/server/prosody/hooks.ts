/**
 * Prosody's hooks into our server over loopback (DESIGN.md §1): `POST /internal/prosody/auth`
 * decides every XMPP login. Guarded by the shared secret in `DATA_DIR/secrets.json`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseChatNode } from '../../shared/chat-address';
import { secretMatches } from '../auth/tokens';
import type { ServerContext } from '../context';
import { verifyChatLogin } from '../chat-identity/chat-users';

export const PROSODY_HOOK_PREFIX = '/internal/prosody';

const AuthRequest = z.object({
  username: z.string().max(64),
  password: z.string().max(1024),
  host: z.string().max(255),
});

export function hookGuard(ctx: ServerContext) {
  return async (request: FastifyRequest) => {
    if (!secretMatches(request.headers['x-portal-secret'], ctx.secrets.prosodyHook)) {
      const error = new Error('Unknown hook caller') as Error & { statusCode: number };
      error.statusCode = 403;
      throw error;
    }
  };
}

export function registerProsodyHooks(app: FastifyInstance, ctx: ServerContext) {
  app.register(
    async (hooks) => {
      hooks.addHook('onRequest', hookGuard(ctx));
      hooks.post('/auth', async (request, reply) => {
        const parsed = AuthRequest.safeParse(request.body);
        if (!parsed.success) return reply.code(400).send({ ok: false });
        const { username, password, host } = parsed.data;
        const node = parseChatNode(username);
        const accepted =
          host === ctx.config.chat.domain &&
          node !== null &&
          node.appId === ctx.config.chat.appId &&
          (await verifyChatLogin(ctx, node.chatId, password));
        if (accepted) {
          await ctx.db
            .updateTable('chat_users')
            .set({ last_request_at: new Date() })
            .where('id', '=', node!.chatId)
            .execute();
        } else {
          request.log.info({ username }, 'chat login refused');
        }
        return reply.code(accepted ? 200 : 401).send({ ok: accepted });
      });
    },
    { prefix: PROSODY_HOOK_PREFIX },
  );
}
