/**
 * Resolves the `authToken` header to the signed-in provider, or throws the exact token error of
 * spec §8. One indexed read per request; `last_seen_at` is written at most once a minute.
 */
import type { ServerContext } from '../context';
import { ApiError } from './api-error';
import { endSessions } from '../auth/sessions';
import {
  failureForEnded,
  isExpired,
  MISSING_TOKEN,
  needsTouch,
  UNKNOWN_TOKEN,
  type TokenFailure,
} from '../auth/session-policy';
import type { CachedSession } from '../auth/session-cache';
import { hashToken } from '../auth/tokens';

export interface AuthenticatedSession {
  sessionId: number;
  providerId: number;
  chatId: number;
}

function fail(failure: TokenFailure): never {
  throw new ApiError(failure.code, failure.message);
}

async function loadSession(ctx: ServerContext, tokenHash: string): Promise<CachedSession | null> {
  const now = Date.now();
  const cached = ctx.sessionCache.get(tokenHash, now);
  if (cached) return cached;
  const row = await ctx.db
    .selectFrom('sessions')
    .innerJoin('providers', 'providers.id', 'sessions.provider_id')
    .select([
      'sessions.id',
      'sessions.provider_id',
      'sessions.created_at',
      'sessions.last_seen_at',
      'sessions.expires_at',
      'sessions.end_reason',
      'providers.chat_id',
    ])
    .where('sessions.token_hash', '=', tokenHash)
    .executeTakeFirst();
  if (!row) return null;
  const session: CachedSession = {
    sessionId: row.id,
    providerId: row.provider_id,
    chatId: row.chat_id,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
    endReason: row.end_reason,
  };
  ctx.sessionCache.set(tokenHash, session, now);
  return session;
}

export async function authenticate(ctx: ServerContext, token: string | null): Promise<AuthenticatedSession> {
  if (!token) fail(MISSING_TOKEN);
  const tokenHash = hashToken(token);
  const session = await loadSession(ctx, tokenHash);
  if (!session) fail(UNKNOWN_TOKEN);
  if (session.endReason) fail(failureForEnded(session.endReason));
  const now = new Date();
  if (isExpired(session, ctx.config.session, now)) {
    await endSessions(ctx, session.providerId, 'EXPIRED', { only: session.sessionId });
    fail(failureForEnded('EXPIRED'));
  }
  if (needsTouch(session.lastSeenAt, now)) {
    await ctx.db
      .updateTable('sessions')
      .set({ last_seen_at: now })
      .where('id', '=', session.sessionId)
      .execute();
    session.lastSeenAt = now;
  }
  return { sessionId: session.sessionId, providerId: session.providerId, chatId: session.chatId };
}
