/**
 * Resolves the `authToken` header to the signed-in provider, or throws the exact token error of
 * spec §8. A token in the session cache costs no read; otherwise one indexed read, which also
 * brings the provider's profile (src/server/auth/signed-in-provider.ts) so that a handler
 * answering with it needs no second trip. `last_seen_at` is written at most once a minute.
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
import { SIGNED_IN_PROVIDER_COLUMNS, type SignedInProvider } from '../auth/signed-in-provider';
import { findSecondStep, type SecondStepState } from '../auth/second-steps';
import { hashToken } from '../auth/tokens';
import { compiledOnce } from '../db/compiled-once';

export interface AuthenticatedSession {
  sessionId: number;
  providerId: number;
  chatId: number;
  /** The provider's profile when this request's token check read it (a session cache miss). */
  provider?: SignedInProvider;
}

function fail(failure: TokenFailure): never {
  throw new ApiError(failure.code, failure.message);
}

/** The session and the provider's profile of a token, by one indexed read (a hot read). */
const selectSession = compiledOnce(
  (db, tokenHash: string) =>
    db
      .selectFrom('sessions')
      .innerJoin('providers', 'providers.id', 'sessions.provider_id')
      .leftJoin('blobs', 'blobs.id', 'providers.avatar_blob_id')
      .select([
        'sessions.id as session_id',
        'sessions.created_at as session_created_at',
        'sessions.last_seen_at',
        'sessions.expires_at',
        'sessions.end_reason',
        ...SIGNED_IN_PROVIDER_COLUMNS,
      ])
      .where('sessions.token_hash', '=', tokenHash),
  [''],
);

/** The session and the provider's profile by one indexed read, remembered in the session cache. */
async function readSession(
  ctx: ServerContext,
  tokenHash: string,
): Promise<{ session: CachedSession; provider?: SignedInProvider } | null> {
  const now = Date.now();
  const [row] = await selectSession(ctx.db, tokenHash);
  if (!row) return null;
  const { session_id, session_created_at, last_seen_at, expires_at, end_reason, ...provider } = row;
  const session: CachedSession = {
    sessionId: session_id,
    providerId: provider.id,
    chatId: provider.chat_id,
    createdAt: session_created_at,
    lastSeenAt: last_seen_at,
    expiresAt: expires_at,
    endReason: end_reason,
  };
  ctx.sessionCache.set(tokenHash, session, now);
  return { session, provider };
}

export async function authenticate(ctx: ServerContext, token: string | null): Promise<AuthenticatedSession> {
  if (!token) fail(MISSING_TOKEN);
  const tokenHash = hashToken(token);
  // A cache hit, the usual case, is taken without a further async call.
  const cached = ctx.sessionCache.get(tokenHash, Date.now());
  const loaded = cached
    ? { session: cached }
    : await ctx.sessionCache.readOnce(tokenHash, () => readSession(ctx, tokenHash));
  if (!loaded) fail(UNKNOWN_TOKEN);
  const { session, provider } = loaded;
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
  return {
    sessionId: session.sessionId,
    providerId: session.providerId,
    chatId: session.chatId,
    ...(provider ? { provider } : {}),
  };
}

/** Why a second-step token stopped working, for its TOKEN_ERR_NOT_FOUND (docs/security.md "Second factor"). */
const STEP_ENDED: Record<string, string> = {
  DONE: 'This sign-in was completed already; please sign in again',
  ABANDONED: 'This sign-in was cancelled; please sign in again',
  TOO_MANY_TRIES: 'Too many wrong answers; please sign in again',
  PASSWORD_CHANGED: 'Your password was changed; please sign in again',
  CANCELLED: 'This account has been cancelled',
  expired: 'The sign-in took too long; please sign in again',
  unknown: 'This sign-in was not found; please sign in again',
};

/**
 * Resolves the `authToken` header to a live second step of a sign-in (not a session: a session
 * token is unknown here, as a step token is to {@link authenticate}).
 */
export async function authenticateSecondStep(
  ctx: ServerContext,
  token: string | null,
): Promise<SecondStepState> {
  if (!token) fail(MISSING_TOKEN);
  const found = await findSecondStep(ctx, token);
  if (found.state === 'live') return found.step;
  const why = found.state === 'ended' ? found.reason : found.state;
  return fail({ code: 'TOKEN_ERR_NOT_FOUND', message: STEP_ENDED[why] ?? UNKNOWN_TOKEN.message });
}

/**
 * Enrolment takes a session, or the second step of a provider who must enrol a first factor
 * (REQUIRE_MFA); a step that is to verify a factor she has is refused as unknown, so that nobody
 * half signed in adds a factor of their own.
 */
export async function authenticateEnrolment(
  ctx: ServerContext,
  token: string | null,
): Promise<{ session: AuthenticatedSession } | { step: SecondStepState }> {
  if (!token) fail(MISSING_TOKEN);
  const tokenHash = hashToken(token);
  const known = ctx.sessionCache.get(tokenHash, Date.now()) ?? (await readSession(ctx, tokenHash));
  if (known) return { session: await authenticate(ctx, token) };
  const found = await findSecondStep(ctx, token);
  if (found.state === 'live' && found.step.purpose === 'ENROL') return { step: found.step };
  if (found.state === 'live' || found.state === 'unknown') return fail(UNKNOWN_TOKEN);
  const why = found.state === 'ended' ? found.reason : found.state;
  return fail({ code: 'TOKEN_ERR_NOT_FOUND', message: STEP_ENDED[why] ?? UNKNOWN_TOKEN.message });
}
