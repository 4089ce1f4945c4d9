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
import { SESSION_CACHE_TTL_MS } from '../auth/session-cache';

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

/**
 * Checked sessions by token hash, for SESSION_CACHE_TTL_MS (docs/architecture.md §3 "keep hot reads
 * cheap"): every `/qb` request checks its token, and a client sends many. This process's own
 * changes (user set, destroyed, a user's sessions ended) update or drop the entry at once; the
 * entry is the session object the requests share, so a slid expiry is seen by the next one.
 */
const checked = new WeakMap<ServerContext, Map<string, { session: QbSession; until: number }>>();
const MAX_CACHED = 10_000;

function cacheOf(ctx: ServerContext) {
  let cache = checked.get(ctx);
  if (!cache) checked.set(ctx, (cache = new Map()));
  return cache;
}

function cached(ctx: ServerContext, hash: string, now: Date): QbSession | null {
  const cache = cacheOf(ctx);
  const entry = cache.get(hash);
  if (!entry) return null;
  if (entry.until <= now.getTime() || entry.session.expiresAt <= now) {
    cache.delete(hash);
    return null;
  }
  return entry.session;
}

function remember(ctx: ServerContext, hash: string, session: QbSession, now: Date): void {
  const cache = cacheOf(ctx);
  if (cache.size >= MAX_CACHED) cache.delete(cache.keys().next().value!);
  cache.set(hash, { session, until: now.getTime() + SESSION_CACHE_TTL_MS });
}

function forget(ctx: ServerContext, drop: (session: QbSession) => boolean): void {
  const cache = cacheOf(ctx);
  for (const [hash, entry] of cache) if (drop(entry.session)) cache.delete(hash);
}

/** The live session of a token, its expiry slid forward; null when unknown, destroyed or expired. */
export async function touchQbSession(
  ctx: ServerContext,
  token: string,
  now = new Date(),
): Promise<QbSession | null> {
  if (!TOKEN_SHAPE.test(token)) return null;
  const hash = hashSessionToken(token);
  const session = cached(ctx, hash, now) ?? (await readSession(ctx, hash, token, now));
  if (!session) return null;
  const target = new Date(now.getTime() + SESSION_TTL_MS);
  if (target.getTime() - session.expiresAt.getTime() >= TOUCH_STEP_MS) {
    await ctx.db
      .updateTable('qb_sessions')
      .set({ expires_at: target })
      .where('id', '=', session.id)
      .execute();
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

async function readSession(
  ctx: ServerContext,
  hash: string,
  token: string,
  now: Date,
): Promise<QbSession | null> {
  const row = await ctx.db
    .selectFrom('qb_sessions')
    .selectAll()
    .where('token_hash', '=', hash)
    .where('destroyed_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (!row) return null;
  const session = toSession(row, token);
  remember(ctx, hash, session, now);
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
  // After the write: a request that read the row before it must not keep it.
  forget(ctx, (s) => s.id === session.id);
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
  forget(ctx, (s) => s.userId === userId && s.createdAt <= before);
  return Number(result.numUpdatedRows);
}

export async function sweepQbSessions(ctx: ServerContext, now = new Date()): Promise<void> {
  await sql`delete from qb_sessions where expires_at < ${new Date(now.getTime() - 86400_000)}
    or destroyed_at < ${new Date(now.getTime() - 86400_000)}`.execute(ctx.db);
}
