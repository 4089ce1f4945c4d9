/**
 * The provider's authenticator app in the database (docs/security.md "Second factor"): a secret
 * sealed at rest, confirmed by a first code, and the last accepted time step, moved forward
 * atomically so that each code is accepted once, even by two requests at the same moment.
 */
import type { ServerContext } from '../context';
import { ApiError } from '../http/api-error';
import { addFactor, lockProvider } from './factors';
import { RELYING_PARTY_NAME } from './relying-party';
import { seal, sealingKey, unseal } from './sealed-secrets';
import { acceptedStep, newTotpSecret, totpUri } from './totp';

const keyOf = (ctx: ServerContext) => sealingKey(ctx.secrets.chatPasswordKey);

export const WRONG_CODE = 'The code is wrong or was used already; wait for the next code of your app';

/** A new secret to set the app up with; it counts once a code confirms it. */
export async function startTotp(
  ctx: ServerContext,
  providerId: number,
): Promise<{ secret: string; uri: string }> {
  const provider = await ctx.db
    .selectFrom('providers')
    .select('email')
    .where('id', '=', providerId)
    .executeTakeFirstOrThrow();
  const secret = newTotpSecret();
  await ctx.db.transaction().execute(async (trx) => {
    await lockProvider(trx, providerId);
    const current = await trx
      .selectFrom('second_factor_totp')
      .select('confirmed_at')
      .where('provider_id', '=', providerId)
      .executeTakeFirst();
    if (current?.confirmed_at) {
      throw new ApiError(
        'INVALID_STATE',
        'An authenticator app is set up already; remove it first to set up another',
      );
    }
    const sealed = seal(keyOf(ctx), secret);
    await trx
      .insertInto('second_factor_totp')
      .values({ provider_id: providerId, secret_sealed: sealed })
      .onConflict((oc) =>
        oc
          .column('provider_id')
          .doUpdateSet({ secret_sealed: sealed, created_at: new Date(), last_step: null }),
      )
      .execute();
  });
  return { secret, uri: totpUri(secret, RELYING_PARTY_NAME, provider.email) };
}

/** Confirms the app with its current code; with the first factor, the new recovery codes. */
export async function confirmTotp(
  ctx: ServerContext,
  providerId: number,
  code: string,
): Promise<string[] | null> {
  return addFactor(ctx, providerId, async (trx) => {
    const row = await trx
      .selectFrom('second_factor_totp')
      .select(['secret_sealed', 'confirmed_at'])
      .where('provider_id', '=', providerId)
      .executeTakeFirst();
    if (!row || row.confirmed_at) {
      throw new ApiError('INVALID_STATE', 'Start setting up an authenticator app first');
    }
    const step = acceptedStep(unseal(keyOf(ctx), row.secret_sealed), code, Date.now(), null);
    if (step === null) {
      throw new ApiError('SECOND_FACTOR_INVALID', WRONG_CODE, {
        fields: [{ field: 'code', message: WRONG_CODE }],
      });
    }
    await trx
      .updateTable('second_factor_totp')
      .set({ confirmed_at: new Date(), last_step: step })
      .where('provider_id', '=', providerId)
      .execute();
  });
}

/** Whether `code` is a code of her confirmed app not used before; a right one is used up. */
export async function verifyTotp(ctx: ServerContext, providerId: number, code: string): Promise<boolean> {
  const row = await ctx.db
    .selectFrom('second_factor_totp')
    .select(['secret_sealed', 'last_step'])
    .where('provider_id', '=', providerId)
    .where('confirmed_at', 'is not', null)
    .executeTakeFirst();
  if (!row) return false;
  const last = row.last_step === null ? null : Number(row.last_step);
  const step = acceptedStep(unseal(keyOf(ctx), row.secret_sealed), code, Date.now(), last);
  if (step === null) return false;
  // Moved forward only past the step read above: of two requests with one code, one wins.
  const taken = await ctx.db
    .updateTable('second_factor_totp')
    .set({ last_step: step })
    .where('provider_id', '=', providerId)
    .where('confirmed_at', 'is not', null)
    .where((eb) => eb.or([eb('last_step', 'is', null), eb('last_step', '<', step)]))
    .returning('provider_id')
    .executeTakeFirst();
  return taken !== undefined;
}
