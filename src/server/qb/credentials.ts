/**
 * Checks a chat user's login or email and password (hosted-chat-wire.md §3.1 `user[login]` /
 * `user[email]`, §3.2 `POST /login.json`), with the foundation's failure limits, and refuses a
 * provider whose portal session has ended: no chat access outlives the portal session (DESIGN.md
 * §3 "Auth").
 */
import { sql } from 'kysely';
import type { ServerContext } from '../context';
import { ApiError } from '../http/api-error';
import { verifyPassword } from '../auth/passwords';
import { assertWithinLimits, recordHits, type Limit } from '../http/rate-limit';
import type { ChatUserRow } from './user-format';
import { QbError } from './wire';

const limits = (who: string, address: string): Limit[] => [
  { key: `qb-login:account:${who}`, max: 10, windowSeconds: 900 },
  { key: `qb-login:address:${address}`, max: 30, windowSeconds: 900 },
];

export async function providerHasLiveSession(ctx: ServerContext, chatId: number): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('sessions')
    .innerJoin('providers', 'providers.id', 'sessions.provider_id')
    .select('sessions.id')
    .where('providers.chat_id', '=', chatId)
    .where('sessions.ended_at', 'is', null)
    .where('sessions.expires_at', '>', new Date())
    .executeTakeFirst();
  return row !== undefined;
}

export async function checkCredentials(
  ctx: ServerContext,
  input: { login?: string; email?: string; password?: string },
  address: string,
): Promise<ChatUserRow> {
  const who = (input.login ?? input.email ?? '').trim().toLowerCase();
  if (!who) throw QbError.invalid('login', "can't be blank");
  if (!input.password) throw QbError.invalid('password', "can't be blank");
  const checks = limits(who, address);
  try {
    await assertWithinLimits(ctx, checks);
  } catch (error) {
    if (error instanceof ApiError) throw new QbError(429, [error.message]);
    throw error;
  }
  const user = await ctx.db
    .selectFrom('chat_users')
    .selectAll()
    .where(input.login !== undefined ? sql<string>`lower(login)` : sql<string>`lower(email)`, '=', who)
    .executeTakeFirst();
  if (!user || !(await verifyPassword(input.password, user.password_hash))) {
    await recordHits(ctx, checks);
    throw new QbError(401, ['Unauthorized']);
  }
  if (user.kind === 'provider' && !(await providerHasLiveSession(ctx, user.id))) {
    throw new QbError(401, [
      "Unauthorized: a provider's chat session needs a live portal session (sign in to the portal first)",
    ]);
  }
  return user;
}
