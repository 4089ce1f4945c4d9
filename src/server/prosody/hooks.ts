/**
 * Prosody's hooks into our server over loopback (docs/architecture.md §1): `POST /internal/prosody/auth`
 * decides every XMPP login, under the chat-login limits that `/qb/session.json` shares
 * (docs/security.md "Sign-in and chat login limits"): 200 yes, 401 no, 429 too many failures;
 * `POST /internal/prosody/user` says whether a chat user exists and when it was last seen.
 * Guarded by the shared secret in `DATA_DIR/secrets.json`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { parseChatNode } from '../../shared/chat-address';
import { secretMatches } from '../auth/tokens';
import type { ServerContext } from '../context';
import { verifyChatLogin } from '../chat-identity/chat-users';
import { RateLimited, type Attempt } from '../http/rate-limit';
import { reserveChatLogin } from '../chat-identity/chat-login-limits';

export const PROSODY_HOOK_PREFIX = '/internal/prosody';

const AuthRequest = z.object({
  username: z.string().max(64),
  password: z.string().max(1024),
  host: z.string().max(255),
  /** The client's address as Prosody saw it (through our proxy's X-Forwarded-For). */
  address: z.string().max(64).optional(),
});

/** Chat ids are database integers (the vendor's spec asks about 999999999999000). */
const MAX_CHAT_ID = 2_147_483_647;

/** Prosody asks whether a chat user exists and when it was last seen (mod_portal_users.lua). */
const UserQuestion = z.object({
  username: z.string().max(64),
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
        const { username, password, host, address } = parsed.data;
        const node = parseChatNode(username);
        if (host !== ctx.config.chat.domain || node === null || node.appId !== ctx.config.chat.appId) {
          request.log.info({ username }, 'chat login refused: not a user of this chat');
          return reply.code(401).send({ ok: false });
        }
        const user = await ctx.db
          .selectFrom('chat_users')
          .select('id')
          .where('id', '=', node.chatId)
          .executeTakeFirst();
        let attempt: Attempt;
        try {
          attempt = await reserveChatLogin(
            ctx,
            user?.id ?? null,
            username.toLowerCase(),
            address || request.ip,
          );
        } catch (error) {
          if (!(error instanceof RateLimited)) throw error;
          request.log.info({ username }, 'chat login refused: too many failures');
          return reply.code(429).send({ ok: false, retryAfterSeconds: error.retryAfterSeconds });
        }
        const accepted = user !== undefined && (await verifyChatLogin(ctx, node.chatId, password));
        await (accepted ? attempt.succeeded() : attempt.failed());
        if (accepted) {
          await ctx.db
            .updateTable('chat_users')
            .set({ last_request_at: new Date() })
            .where('id', '=', node.chatId)
            .execute();
        } else {
          request.log.info({ username }, 'chat login refused');
        }
        return reply.code(accepted ? 200 : 401).send({ ok: accepted });
      });
      // docs/wire/hosted-chat.md §15: last activity and pings of users who are not contacts, and of
      // users who do not exist. `last_seen` is Unix seconds (the last request, or the sign-up).
      hooks.post('/user', async (request, reply) => {
        const parsed = UserQuestion.safeParse(request.body);
        if (!parsed.success) return reply.code(400).send({ exists: false });
        const node = parseChatNode(parsed.data.username);
        const ours =
          parsed.data.host === ctx.config.chat.domain &&
          node !== null &&
          node.appId === ctx.config.chat.appId &&
          node.chatId <= MAX_CHAT_ID;
        if (!ours) return { exists: false, last_seen: null };
        const user = await ctx.db
          .selectFrom('chat_users')
          .select(['last_request_at', 'created_at'])
          .where('id', '=', node.chatId)
          .executeTakeFirst();
        if (!user) return { exists: false, last_seen: null };
        const seen = user.last_request_at ?? user.created_at;
        return { exists: true, last_seen: Math.floor(new Date(seen).getTime() / 1000) };
      });
    },
    { prefix: PROSODY_HOOK_PREFIX },
  );
}
