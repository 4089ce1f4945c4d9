/**
 * The second step of a sign-in (docs/security.md "Second factor"): the password was right and a
 * second factor is due (`VERIFY`) or must be enrolled first (`ENROL`, REQUIRE_MFA). Its token is
 * a random 256-bit value stored as SHA-256, like a session's, but in a table of its own: nothing
 * that takes a session token finds it, so a browser signed in halfway can only finish the step or
 * give it up. A step ends when finished or abandoned, after MAX_STEP_TRIES wrong answers, after
 * SECOND_STEP_SECONDS (twice that to enrol), and when the password changes.
 */
import type { ServerConfig } from '../config';
import type { ServerContext } from '../context';
import type { SecondStepEndReason, SecondStepPurpose } from '../db/schema';
import { hashToken, newToken } from './tokens';

/** Wrong answers one step takes before it ends; the account's limits apply as well. */
export const MAX_STEP_TRIES = 5;

export interface SecondStepState {
  id: number;
  providerId: number;
  purpose: SecondStepPurpose;
  expiresAt: Date;
  triesLeft: number;
}

export type SecondStepLookup =
  | { state: 'live'; step: SecondStepState }
  | { state: 'ended'; reason: SecondStepEndReason | 'PASSWORD_CHANGED' | 'CANCELLED' }
  | { state: 'expired' }
  | { state: 'unknown' };

export function stepLifetimeSeconds(config: Pick<ServerConfig, 'secondFactor'>, purpose: SecondStepPurpose) {
  return config.secondFactor.stepSeconds * (purpose === 'ENROL' ? 2 : 1);
}

/** Opens a step for a provider whose password was right; older sessions stay until it is finished. */
export async function openSecondStep(
  ctx: ServerContext,
  providerId: number,
  purpose: SecondStepPurpose,
  meta: { userAgent: string | null; address: string | null },
): Promise<{ token: string; step: SecondStepState }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + stepLifetimeSeconds(ctx.config, purpose) * 1000);
  const row = await ctx.db
    .insertInto('second_steps')
    .values({
      provider_id: providerId,
      token_hash: hashToken(token),
      purpose,
      expires_at: expiresAt,
      address: meta.address,
      user_agent: meta.userAgent?.slice(0, 300) ?? null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { token, step: { id: row.id, providerId, purpose, expiresAt, triesLeft: MAX_STEP_TRIES } };
}

/** The step a token names, and whether it can still be used. */
export async function findSecondStep(
  ctx: ServerContext,
  token: string,
  now = new Date(),
): Promise<SecondStepLookup> {
  const row = await ctx.db
    .selectFrom('second_steps')
    .innerJoin('providers', 'providers.id', 'second_steps.provider_id')
    .select([
      'second_steps.id',
      'second_steps.provider_id',
      'second_steps.purpose',
      'second_steps.created_at',
      'second_steps.expires_at',
      'second_steps.attempts',
      'second_steps.end_reason',
      'providers.password_changed_at',
      'providers.cancelled_at',
    ])
    .where('second_steps.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) return { state: 'unknown' };
  if (row.end_reason) return { state: 'ended', reason: row.end_reason };
  if (row.cancelled_at) return { state: 'ended', reason: 'CANCELLED' };
  if (row.password_changed_at > row.created_at) return { state: 'ended', reason: 'PASSWORD_CHANGED' };
  if (row.expires_at <= now) return { state: 'expired' };
  return {
    state: 'live',
    step: {
      id: row.id,
      providerId: row.provider_id,
      purpose: row.purpose,
      expiresAt: row.expires_at,
      triesLeft: Math.max(0, MAX_STEP_TRIES - row.attempts),
    },
  };
}

/**
 * Counts one answer against the step before it is checked, atomically (so concurrent guesses
 * cannot outrun the count): the tries left after this one, or null when none were left.
 */
export async function countStepTry(ctx: ServerContext, stepId: number): Promise<number | null> {
  const row = await ctx.db
    .updateTable('second_steps')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', stepId)
    .where('ended_at', 'is', null)
    .where('attempts', '<', MAX_STEP_TRIES)
    .returning('attempts')
    .executeTakeFirst();
  return row ? MAX_STEP_TRIES - row.attempts : null;
}

/** Ends a live step; false when it had ended already (so only one request finishes a step). */
export async function endSecondStep(
  ctx: ServerContext,
  stepId: number,
  reason: SecondStepEndReason,
): Promise<boolean> {
  const ended = await ctx.db
    .updateTable('second_steps')
    .set({ ended_at: new Date(), end_reason: reason })
    .where('id', '=', stepId)
    .where('ended_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return ended !== undefined;
}

/** Forgets steps and WebAuthn challenges a day after their end; run periodically. */
export async function sweepSecondSteps(ctx: ServerContext, now = new Date()): Promise<void> {
  const dayAgo = new Date(now.getTime() - 86_400_000);
  await ctx.db.deleteFrom('second_steps').where('expires_at', '<', dayAgo).execute();
  await ctx.db.deleteFrom('webauthn_challenges').where('expires_at', '<', now).execute();
}

/**
 * Whether a right password still needs a second step: `VERIFY` when the provider has a factor (a
 * passkey or a confirmed authenticator app), `ENROL` when she has none and the operator requires
 * one, otherwise null (the sign-in is complete).
 */
export async function secondStepDue(
  ctx: ServerContext,
  providerId: number,
): Promise<SecondStepPurpose | null> {
  const methods = await factorMethods(ctx, providerId);
  if (methods.length > 0) return 'VERIFY';
  return ctx.config.secondFactor.required ? 'ENROL' : null;
}

/** The factors a provider can prove a sign-in with; recovery codes only beside another factor. */
export async function factorMethods(
  ctx: ServerContext,
  providerId: number,
): Promise<Array<'passkey' | 'totp' | 'recovery'>> {
  const row = await ctx.db
    .selectNoFrom((eb) => [
      eb
        .exists(eb.selectFrom('second_factor_passkeys').select('id').where('provider_id', '=', providerId))
        .as('passkey'),
      eb
        .exists(
          eb
            .selectFrom('second_factor_totp')
            .select('provider_id')
            .where('provider_id', '=', providerId)
            .where('confirmed_at', 'is not', null),
        )
        .as('totp'),
      eb
        .exists(
          eb
            .selectFrom('second_factor_recovery_codes')
            .select('id')
            .where('provider_id', '=', providerId)
            .where('used_at', 'is', null),
        )
        .as('recovery'),
    ])
    .executeTakeFirstOrThrow();
  const methods: Array<'passkey' | 'totp' | 'recovery'> = [];
  if (row.passkey) methods.push('passkey');
  if (row.totp) methods.push('totp');
  if (methods.length > 0 && row.recovery) methods.push('recovery');
  return methods;
}
