/**
 * A provider's factors in the database (docs/security.md "Second factor"): the list Settings
 * shows, recovery codes (issued with the first factor, used once), and removal, which ends the
 * recovery codes with the last factor and is refused for the last one where a factor is required.
 */
import type { Transaction } from 'kysely';
import type { SecondFactors } from '../../shared/api/second-factor';
import type { ServerContext } from '../context';
import type { Database } from '../db/database';
import { inTransaction } from '../db/transaction';
import type { DB } from '../db/schema';
import { ApiError } from '../http/api-error';
import { newRecoveryCodes, normaliseRecoveryCode, recoveryCodeHash } from './recovery-codes';

type Db = Database | Transaction<DB>;

/** Passkeys one provider may keep. */
export const MAX_PASSKEYS = 10;

export async function listFactors(ctx: ServerContext, providerId: number): Promise<SecondFactors> {
  const [passkeys, totp, codes] = await Promise.all([
    ctx.db
      .selectFrom('second_factor_passkeys')
      .select(['id', 'name', 'created_at', 'last_used_at'])
      .where('provider_id', '=', providerId)
      .orderBy('id')
      .execute(),
    ctx.db
      .selectFrom('second_factor_totp')
      .select('confirmed_at')
      .where('provider_id', '=', providerId)
      .where('confirmed_at', 'is not', null)
      .executeTakeFirst(),
    ctx.db
      .selectFrom('second_factor_recovery_codes')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('provider_id', '=', providerId)
      .where('used_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  return {
    required: ctx.config.secondFactor.required,
    passkeys: passkeys.map((p) => ({
      id: p.id,
      name: p.name,
      createdAt: p.created_at.toISOString(),
      lastUsedAt: p.last_used_at?.toISOString() ?? null,
    })),
    totp: totp?.confirmed_at ? { addedAt: totp.confirmed_at.toISOString() } : null,
    recoveryCodesLeft: Number(codes.n),
  };
}

/** How many factors (passkeys and a confirmed app) the provider has. */
export async function factorCount(db: Db, providerId: number): Promise<number> {
  const [passkeys, totp] = await Promise.all([
    db
      .selectFrom('second_factor_passkeys')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('provider_id', '=', providerId)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('second_factor_totp')
      .select('provider_id')
      .where('provider_id', '=', providerId)
      .where('confirmed_at', 'is not', null)
      .executeTakeFirst(),
  ]);
  return Number(passkeys.n) + (totp ? 1 : 0);
}

/** Holds the provider's row until the transaction ends: factor changes of one provider queue up. */
export async function lockProvider(trx: Db, providerId: number): Promise<void> {
  await trx.selectFrom('providers').select('id').where('id', '=', providerId).forUpdate().execute();
}

/** New recovery codes in place of the old ones; the codes themselves are returned this once. */
export async function replaceRecoveryCodes(db: Db, providerId: number): Promise<string[]> {
  const codes = newRecoveryCodes();
  await db.deleteFrom('second_factor_recovery_codes').where('provider_id', '=', providerId).execute();
  await db
    .insertInto('second_factor_recovery_codes')
    .values(
      codes.map((code) => ({
        provider_id: providerId,
        code_hash: recoveryCodeHash(providerId, normaliseRecoveryCode(code)!),
      })),
    )
    .execute();
  return codes;
}

/** Uses up one recovery code, atomically: true for an unused code of this provider, once. */
export async function consumeRecoveryCode(
  ctx: ServerContext,
  providerId: number,
  typed: string,
): Promise<boolean> {
  const code = normaliseRecoveryCode(typed);
  if (!code) return false;
  const used = await ctx.db
    .updateTable('second_factor_recovery_codes')
    .set({ used_at: new Date() })
    .where('provider_id', '=', providerId)
    .where('code_hash', '=', recoveryCodeHash(providerId, code))
    .where('used_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  return used !== undefined;
}

/**
 * Adds a factor with `add` inside one transaction that holds the provider: with her first factor
 * she also gets recovery codes (returned this once), otherwise null.
 */
export async function addFactor(
  ctx: ServerContext,
  providerId: number,
  add: (trx: Db) => Promise<void>,
): Promise<string[] | null> {
  return inTransaction(ctx.db, async (trx) => {
    await lockProvider(trx, providerId);
    const first = (await factorCount(trx, providerId)) === 0;
    await add(trx);
    return first ? replaceRecoveryCodes(trx, providerId) : null;
  });
}

export type FactorRef = { kind: 'passkey'; id: number } | { kind: 'totp' };

/**
 * Removes one factor. The last one goes only where no factor is required, and takes the recovery
 * codes with it (they stand in for a factor, never alone).
 */
export async function removeFactor(ctx: ServerContext, providerId: number, factor: FactorRef): Promise<void> {
  await inTransaction(ctx.db, async (trx) => {
    await lockProvider(trx, providerId);
    const count = await factorCount(trx, providerId);
    const removed =
      factor.kind === 'passkey'
        ? await trx
            .deleteFrom('second_factor_passkeys')
            .where('id', '=', factor.id)
            .where('provider_id', '=', providerId)
            .returning('id')
            .executeTakeFirst()
        : await trx
            .deleteFrom('second_factor_totp')
            .where('provider_id', '=', providerId)
            .where('confirmed_at', 'is not', null)
            .returning('provider_id')
            .executeTakeFirst();
    if (!removed) throw new ApiError('NOT_FOUND', 'This factor was not found');
    if (count === 1 && ctx.config.secondFactor.required) {
      throw new ApiError(
        'INVALID_STATE',
        'A second factor is required here: add another one before you remove this one',
      );
    }
    if (count === 1) {
      await trx.deleteFrom('second_factor_recovery_codes').where('provider_id', '=', providerId).execute();
    }
  });
}
