/**
 * Portal sessions in the database: create on sign-in (ending older ones as KICKED), end with a
 * reason, sweep expired ones. Every end emits `session.ended` so chat sessions and app sockets
 * end with it (docs/architecture.md §3).
 */
import { sql } from 'kysely';
import { activityReportMs } from '../../shared/auto-logoff';
import type { ServerContext } from '../context';
import type { SessionEndReason } from '../db/schema';
import { absoluteExpiry } from './session-policy';
import { hashToken, newToken } from './tokens';

export async function createSession(
  ctx: ServerContext,
  providerId: number,
  meta: {
    userAgent: string | null;
    address: string | null;
    /** The second factor the sign-in was completed with (docs/security.md "Second factor"). */
    secondFactor?: 'passkey' | 'totp' | 'recovery';
  },
): Promise<string> {
  const token = newToken();
  const now = new Date();
  await endSessions(ctx, providerId, 'KICKED');
  await ctx.db
    .insertInto('sessions')
    .values({
      provider_id: providerId,
      token_hash: hashToken(token),
      expires_at: absoluteExpiry(now, ctx.config.session),
      user_agent: meta.userAgent?.slice(0, 300) ?? null,
      address: meta.address,
      second_factor: meta.secondFactor ?? null,
    })
    .execute();
  return token;
}

/** Ends live sessions of a provider (all, or all but one) and announces each end. */
export async function endSessions(
  ctx: ServerContext,
  providerId: number,
  reason: SessionEndReason,
  options: { only?: number; except?: number } = {},
): Promise<number> {
  let query = ctx.db
    .updateTable('sessions')
    .set({ ended_at: new Date(), end_reason: reason })
    .where('provider_id', '=', providerId)
    .where('ended_at', 'is', null);
  if (options.only !== undefined) query = query.where('id', '=', options.only);
  if (options.except !== undefined) query = query.where('id', '!=', options.except);
  const ended = await query.returning('id').execute();
  if (ended.length > 0) {
    const provider = await ctx.db
      .selectFrom('providers')
      .select('chat_id')
      .where('id', '=', providerId)
      .executeTakeFirstOrThrow();
    for (const { id } of ended) {
      await ctx.events.emitAndWait('session.ended', {
        providerId,
        sessionId: id,
        reason,
        chatId: provider.chat_id,
      });
    }
  }
  return ended.length;
}

/**
 * The portal reports the provider's activity at most once per `activityReportMs` (and at once for
 * "Stay signed in"); background traffic never does (docs/security.md "Automatic logoff").
 */
export async function recordActivity(ctx: ServerContext, sessionId: number, now = new Date()): Promise<void> {
  await ctx.db
    .updateTable('sessions')
    .set({ last_activity_at: now })
    .where('id', '=', sessionId)
    .where('ended_at', 'is', null)
    .execute();
}

/**
 * Automatic logoff at the server (HIPAA §164.312(a)(2)(iii), docs/security.md "Automatic
 * logoff"): ends, as sign-out does, every session with no reported activity for
 * AUTO_LOGOFF_SECONDS (plus one report period), so a closed or killed browser does not leave it
 * open. Run periodically.
 */
export async function sweepIdleSessions(ctx: ServerContext, now = new Date()): Promise<number> {
  const seconds = ctx.config.session.autoLogoffSeconds;
  const cutoff = new Date(now.getTime() - seconds * 1000 - activityReportMs(seconds));
  const idle = await ctx.db
    .selectFrom('sessions')
    .select(['id', 'provider_id'])
    .where('ended_at', 'is', null)
    .where('last_activity_at', '<=', cutoff)
    .execute();
  let ended = 0;
  for (const s of idle) ended += await endSessions(ctx, s.provider_id, 'AUTO_LOGOFF', { only: s.id });
  return ended;
}

/** Ends every session past its idle or absolute expiry; run periodically. */
export async function sweepExpiredSessions(ctx: ServerContext, now = new Date()): Promise<number> {
  const idleCutoff = new Date(now.getTime() - ctx.config.session.idleSeconds * 1000);
  const expired = await ctx.db
    .updateTable('sessions')
    .set({ ended_at: now, end_reason: 'EXPIRED' })
    .where('ended_at', 'is', null)
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_seen_at', '<=', idleCutoff)]))
    .returning(['id', 'provider_id'])
    .execute();
  for (const s of expired) {
    const provider = await ctx.db
      .selectFrom('providers')
      .select('chat_id')
      .where('id', '=', s.provider_id)
      .executeTakeFirst();
    if (provider) {
      await ctx.events.emitAndWait('session.ended', {
        providerId: s.provider_id,
        sessionId: s.id,
        reason: 'EXPIRED',
        chatId: provider.chat_id,
      });
    }
  }
  // Ended sessions are kept 30 days so that an old token still answers why it stopped working.
  await sql`delete from sessions where ended_at < ${new Date(now.getTime() - 30 * 86400_000)}`.execute(
    ctx.db,
  );
  return expired.length;
}
