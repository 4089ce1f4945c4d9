/**
 * Resolves the `authToken` header to the signed-in provider, or throws the exact token error of
 * spec §8. One indexed read per request; `last_seen_at` is written at most once a minute.
 */
import type { ServerContext } from '../context';
import { ApiError } from '../http/api-error';
import { endSessions } from './sessions';
import {
  failureForEnded,
  isExpired,
  MISSING_TOKEN,
  needsTouch,
  UNKNOWN_TOKEN,
  type TokenFailure,
} from './session-policy';
import { hashToken } from './tokens';

export interface AuthenticatedSession {
  sessionId: number;
  providerId: number;
  chatId: number;
}

function fail(failure: TokenFailure): never {
  throw new ApiError(failure.code, failure.message);
}

export async function authenticate(ctx: ServerContext, token: string | null): Promise<AuthenticatedSession> {
  if (!token) fail(MISSING_TOKEN);
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
    .where('sessions.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) fail(UNKNOWN_TOKEN);
  if (row.end_reason) fail(failureForEnded(row.end_reason));
  const now = new Date();
  const times = { createdAt: row.created_at, lastSeenAt: row.last_seen_at, expiresAt: row.expires_at };
  if (isExpired(times, ctx.config.session, now)) {
    await endSessions(ctx, row.provider_id, 'EXPIRED', { only: row.id });
    fail(failureForEnded('EXPIRED'));
  }
  if (needsTouch(row.last_seen_at, now)) {
    await ctx.db.updateTable('sessions').set({ last_seen_at: now }).where('id', '=', row.id).execute();
  }
  return { sessionId: row.id, providerId: row.provider_id, chatId: row.chat_id };
}
