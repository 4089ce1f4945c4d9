/**
 * Chat-service sessions (docs/wire/hosted-chat.md §3): a 40-hex token, stored only as its SHA-256,
 * alive two hours past the last request (§2.7 "Docs: tokens expire 2 h after the last API
 * request"). An application session has no user until `POST /login.json`.
 */
import { randomBytes } from 'node:crypto';
import { hashToken } from '../auth/tokens';
import { sql } from 'kysely';
import type { ServerContext } from '../context';
import { newObjectId } from '../chat-history/object-id';

export const SESSION_TTL_MS = 2 * 3600_000;
/** The stored expiry is moved at most once a minute, so most requests only read. */
const TOUCH_STEP_MS = 60_000;

export interface QbSession {
  id: number;
  objectId: string;
  applicationId: number;
  userId: number | null;
  nonce: number;
  ts: number;
  createdAt: Date;
  updatedAt: Date;
  expiresAt: Date;
  /** The token as the caller sent it (only its hash is stored). */
  token: string;
}

/** Stored like the portal's tokens: only the SHA-256 (docs/architecture.md §3 "Auth"). */
export const hashSessionToken = hashToken;

export const TOKEN_SHAPE = /^[0-9a-f]{40}$/;

export async function createQbSession(
  ctx: ServerContext,
  input: { nonce: number; ts: number; userId: number | null },
): Promise<QbSession> {
  const token = randomBytes(20).toString('hex');
  const now = new Date();
  const row = await ctx.db
    .insertInto('qb_sessions')
    .values({
      object_id: newObjectId(now),
      token_hash: hashSessionToken(token),
      application_id: ctx.config.chat.appId,
      user_id: input.userId,
      nonce: input.nonce,
      ts: input.ts,
      created_at: now,
      updated_at: now,
      expires_at: new Date(now.getTime() + SESSION_TTL_MS),
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return toSession(row, token);
}

function toSession(
  row: {
    id: number;
    object_id: string;
    application_id: number;
    user_id: number | null;
    nonce: number;
    ts: number;
    created_at: Date;
    updated_at: Date;
    expires_at: Date;
  },
  token: string,
): QbSession {
  return {
    id: row.id,
    objectId: row.object_id,
    applicationId: row.application_id,
    userId: row.user_id,
    nonce: Number(row.nonce),
    ts: Number(row.ts),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    expiresAt: row.expires_at,
    token,
  };
}

/** The live session of a token, its expiry slid forward; null when unknown, destroyed or expired. */
export async function touchQbSession(
  ctx: ServerContext,
  token: string,
  now = new Date(),
): Promise<QbSession | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const row = await ctx.db
    .selectFrom('qb_sessions')
    .selectAll()
    .where('token_hash', '=', hashSessionToken(token))
    .where('destroyed_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return null;
  const session = toSession(row, token);
  const target = new Date(now.getTime() + SESSION_TTL_MS);
  if (target.getTime() - session.expiresAt.getTime() >= TOUCH_STEP_MS) {
    await ctx.db.updateTable('qb_sessions').set({ expires_at: target }).where('id', '=', row.id).execute();
    session.expiresAt = target;
    if (session.userId !== null) {
      await ctx.db
        .updateTable('chat_users')
        .set({ last_request_at: now })
        .where('id', '=', session.userId)
        .execute();
    }
  }
  return session;
}

/** Whether a token is a live session of this chat user: an XMPP password (§12 "Password"). */
export async function tokenBelongsTo(ctx: ServerContext, token: string, chatId: number): Promise<boolean> {
  if (!TOKEN_SHAPE.test(token)) return false;
  const row = await ctx.db
    .selectFrom('qb_sessions')
    .select('id')
    .where('token_hash', '=', hashSessionToken(token))
    .where('user_id', '=', chatId)
    .where('destroyed_at', 'is', null)
    .where('expires_at', '>', new Date())
    .executeTakeFirst();
  return row !== undefined;
}

export async function setSessionUser(ctx: ServerContext, session: QbSession, userId: number | null) {
  const updated_at = new Date();
  await ctx.db
    .updateTable('qb_sessions')
    .set({ user_id: userId, updated_at })
    .where('id', '=', session.id)
    .execute();
  session.userId = userId;
  session.updatedAt = updated_at;
}

export async function destroyQbSession(ctx: ServerContext, session: QbSession): Promise<void> {
  await ctx.db
    .updateTable('qb_sessions')
    .set({ destroyed_at: new Date() })
    .where('id', '=', session.id)
    .execute();
}

/**
 * Ends every chat-service session of a user created up to `before` (portal sign-out, kick,
 * expiry: docs/architecture.md §3); a session opened after a new portal sign-in is kept.
 */
export async function destroyUserSessions(
  ctx: ServerContext,
  userId: number,
  before = new Date(),
): Promise<number> {
  const result = await ctx.db
    .updateTable('qb_sessions')
    .set({ destroyed_at: new Date() })
    .where('user_id', '=', userId)
    .where('destroyed_at', 'is', null)
    .where('created_at', '<=', before)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

export async function sweepQbSessions(ctx: ServerContext, now = new Date()): Promise<void> {
  await sql`delete from qb_sessions where expires_at < ${new Date(now.getTime() - 86400_000)}
    or destroyed_at < ${new Date(now.getTime() - 86400_000)}`.execute(ctx.db);
}
