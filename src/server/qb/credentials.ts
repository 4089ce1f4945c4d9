/**
 * Checks a chat user's login or email and password (docs/wire/hosted-chat.md §3.1 `user[login]` /
 * `user[email]`, §3.2 `POST /login.json`) under the chat-login limits, which XMPP logins share
 * (docs/security.md "Sign-in and chat login limits"). A provider's chat password belongs to a live
 * portal session: no chat access outlives the portal session (docs/architecture.md §3 "Auth").
 */
import { sql } from 'kysely';
import type { FastifyReply } from 'fastify';
import type { ServerContext } from '../context';
import { RateLimited, type Attempt } from '../http/rate-limit';
import { reserveChatLogin } from '../chat-identity/chat-login-limits';
import { isChatPassword } from '../chat-identity/chat-users';
import type { ChatUserRow } from './user-format';
import { QbError } from './wire';

/** The vendor's 429 for a limited request, with the same `Retry-After` as the own API. */
export function qbRateLimited(error: RateLimited, reply: FastifyReply): QbError {
  reply.header('Retry-After', String(error.retryAfterSeconds));
  return new QbError(429, [error.message]);
}

export async function checkCredentials(
  ctx: ServerContext,
  input: { login?: string; email?: string; password?: string },
  request: { ip: string },
  reply: FastifyReply,
): Promise<ChatUserRow> {
  const who = (input.login ?? input.email ?? '').trim().toLowerCase();
  if (!who) throw QbError.invalid('login', "can't be blank");
  if (!input.password) throw QbError.invalid('password', "can't be blank");
  const user = await ctx.db
    .selectFrom('chat_users')
    .selectAll()
    .where(input.login !== undefined ? sql<string>`lower(login)` : sql<string>`lower(email)`, '=', who)
    .executeTakeFirst();
  let attempt: Attempt;
  try {
    attempt = await reserveChatLogin(ctx, user?.id ?? null, who, request.ip);
  } catch (error) {
    if (error instanceof RateLimited) throw qbRateLimited(error, reply);
    throw error;
  }
  if (!user || !(await isChatPassword(ctx, user, input.password))) {
    await attempt.failed();
    if (user?.kind === 'provider') {
      throw new QbError(401, [
        "Unauthorized: a provider's chat password belongs to a live portal session (sign in to the portal first)",
      ]);
    }
    throw new QbError(401, ['Unauthorized']);
  }
  await attempt.succeeded();
  return user;
}
