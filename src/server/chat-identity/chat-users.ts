/**
 * Chat-service users (DESIGN.md §3 "Chat identity"): every provider and member has a numeric chat
 * id and a chat password. A provider's chat password is derived from a server key, so the portal
 * can hand it to the signed-in provider without storing it; members choose theirs.
 */
import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import { mucDomainOf, userJid } from '../../shared/chat-address';
import type { ChatCredentials } from '../../shared/api/chat-identity';
import type { ServerContext } from '../context';
import type { Database } from '../db/database';
import { hashPassword, verifyPassword } from '../auth/passwords';

export function derivedChatPassword(key: string, chatId: number): string {
  return createHmac('sha256', key).update(`chat-password:${chatId}`).digest('base64url').slice(0, 24);
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

export function chatCredentials(ctx: ServerContext, chatId: number, login: string): ChatCredentials {
  const { appId, domain } = ctx.config.chat;
  return {
    login,
    password: derivedChatPassword(ctx.secrets.chatPasswordKey, chatId),
    quickBloxId: chatId,
    appId,
    jid: userJid(chatId, appId, domain),
    chatDomain: domain,
    mucDomain: mucDomainOf(domain),
  };
}

/** A password check for a chat login; more kinds (chat-service session tokens) are added later. */
export type ChatPasswordCheck = (ctx: ServerContext, chatId: number, password: string) => Promise<boolean>;

const checks: ChatPasswordCheck[] = [
  async (ctx, chatId, password) => {
    const row = await ctx.db
      .selectFrom('chat_users')
      .select('password_hash')
      .where('id', '=', chatId)
      .executeTakeFirst();
    return row ? verifyPassword(password, row.password_hash) : false;
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
