/**
 * Chat-service users (docs/architecture.md §3 "Chat identity"): every provider and member has a numeric chat
 * id and a chat password. Members choose theirs. A provider's chat password belongs to one portal
 * session: derived from a server key and that session's id, handed to the signed-in provider, and
 * accepted only while that session lives — no chat login outlives the portal session it came from
 * (docs/security.md).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import { mucDomainOf, userJid } from '../../shared/chat-address';
import type { ChatCredentials } from '../../shared/api/chat-identity';
import type { ServerContext } from '../context';
import type { Database } from '../db/database';
import { hashPassword } from '../auth/passwords';
import { verifyChatPassword } from './verified-passwords';

/** The stored chat password of a new provider account: never accepted for a login (see above). */
export function derivedChatPassword(key: string, chatId: number): string {
  return createHmac('sha256', key).update(`chat-password:${chatId}`).digest('base64url').slice(0, 24);
}

/** The chat password of one portal session of a provider. */
export function sessionChatPassword(key: string, chatId: number, sessionId: number): string {
  return createHmac('sha256', key)
    .update(`session-chat-password:${chatId}:${sessionId}`)
    .digest('base64url')
    .slice(0, 32);
}

/** Whether `password` is the chat password of a live (not ended, not expired) portal session. */
export async function isLiveSessionChatPassword(
  ctx: ServerContext,
  chatId: number,
  password: string,
  now = new Date(),
): Promise<boolean> {
  const live = await liveSessionIds(ctx, chatId, now);
  const given = Buffer.from(password);
  return live.some((id) => {
    const expected = Buffer.from(sessionChatPassword(ctx.secrets.chatPasswordKey, chatId, id));
    return expected.length === given.length && timingSafeEqual(expected, given);
  });
}

/** The provider's portal sessions that are neither ended nor past their idle or absolute expiry. */
export async function liveSessionIds(
  ctx: ServerContext,
  chatId: number,
  now = new Date(),
): Promise<number[]> {
  const rows = await ctx.db
    .selectFrom('sessions')
    .innerJoin('providers', 'providers.id', 'sessions.provider_id')
    .select('sessions.id')
    .where('providers.chat_id', '=', chatId)
    .where('providers.cancelled_at', 'is', null)
    .where('sessions.ended_at', 'is', null)
    .where('sessions.expires_at', '>', now)
    .where('sessions.last_seen_at', '>', new Date(now.getTime() - ctx.config.session.idleSeconds * 1000))
    .execute();
  return rows.map((r) => r.id);
}

export async function nextChatId(db: Database): Promise<number> {
  const { rows } = await sql<{ id: number }>`select nextval('chat_user_id_seq')::integer as id`.execute(db);
  return rows[0]!.id;
}

export interface NewChatUser {
  id?: number;
  kind: 'provider' | 'member';
  login?: string;
  password: string;
  fullName: string;
  email?: string | null;
}

/** Inserts a chat user; the id comes from the sequence unless given (fixtures keep fixed ids). */
export async function insertChatUser(db: Database, user: NewChatUser): Promise<number> {
  const id = user.id ?? (await nextChatId(db));
  await db
    .insertInto('chat_users')
    .values({
      id,
      kind: user.kind,
      login: user.login ?? `${user.kind}-${id}`,
      password_hash: await hashPassword(user.password),
      full_name: user.fullName,
      email: user.email ?? null,
    })
    .execute();
  return id;
}

/** A provider's chat credentials for one portal session. */
export function chatCredentials(
  ctx: ServerContext,
  chatId: number,
  login: string,
  sessionId: number,
): ChatCredentials {
  const { appId, domain } = ctx.config.chat;
  return {
    login,
    password: sessionChatPassword(ctx.secrets.chatPasswordKey, chatId, sessionId),
    quickBloxId: chatId,
    appId,
    jid: userJid(chatId, appId, domain),
    chatDomain: domain,
    mucDomain: mucDomainOf(domain),
  };
}

/** A password check for a chat login; more kinds (chat-service session tokens) are added later. */
export type ChatPasswordCheck = (ctx: ServerContext, chatId: number, password: string) => Promise<boolean>;

/** A provider's chat password is its live portal session's; a member's is the one she chose. */
export async function isChatPassword(
  ctx: ServerContext,
  user: { id: number; kind: 'provider' | 'member'; password_hash: string },
  password: string,
): Promise<boolean> {
  if (user.kind === 'provider') return isLiveSessionChatPassword(ctx, user.id, password);
  return verifyChatPassword(user.id, password, user.password_hash);
}

const checks: ChatPasswordCheck[] = [
  async (ctx, chatId, password) => {
    const row = await ctx.db
      .selectFrom('chat_users')
      .select(['id', 'kind', 'password_hash'])
      .where('id', '=', chatId)
      .executeTakeFirst();
    return row ? isChatPassword(ctx, row, password) : false;
  },
];

/** Lets another module accept further credentials for XMPP logins (e.g. chat-service tokens). */
export function addChatPasswordCheck(check: ChatPasswordCheck): void {
  checks.unshift(check);
}

export async function verifyChatLogin(
  ctx: ServerContext,
  chatId: number,
  password: string,
): Promise<boolean> {
  if (!password) return false;
  for (const check of checks) if (await check(ctx, chatId, password)) return true;
  return false;
}
