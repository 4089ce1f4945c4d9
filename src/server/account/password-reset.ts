/**
 * Forgotten passwords: a 6-digit code valid for 30 minutes and 5 tries, mailed to the provider;
 * the newest code replaces older ones.
 */
import { createHash, randomInt } from 'node:crypto';
import type { ServerContext } from '../context';
import type { Mailer } from '../mail/mailer';

export const RESET_CODE_TTL_MS = 30 * 60_000;
export const RESET_CODE_MAX_ATTEMPTS = 5;

function codeHash(providerId: number, code: string): string {
  return createHash('sha256').update(`${providerId}:${code}`).digest('hex');
}

export async function issueResetCode(
  ctx: ServerContext,
  mailer: Mailer,
  provider: { id: number; email: string; first_name: string },
) {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const now = new Date();
  await ctx.db
    .updateTable('password_resets')
    .set({ used_at: now })
    .where('provider_id', '=', provider.id)
    .where('used_at', 'is', null)
    .execute();
  await ctx.db
    .insertInto('password_resets')
    .values({
      provider_id: provider.id,
      code_hash: codeHash(provider.id, code),
      expires_at: new Date(now.getTime() + RESET_CODE_TTL_MS),
    })
    .execute();
  await mailer.send({
    to: provider.email,
    subject: 'Your password reset code',
    text: `Hello ${provider.first_name},\n\nYour password reset code is ${code}. It is valid for 30 minutes.\n\nIf you did not ask for it, you can ignore this message; your password stays unchanged.\n`,
  });
}

/** Consumes the code if it is right; counts a wrong try. */
export async function consumeResetCode(
  ctx: ServerContext,
  providerId: number,
  code: string,
): Promise<boolean> {
  const reset = await ctx.db
    .selectFrom('password_resets')
    .select(['id', 'code_hash', 'attempts'])
    .where('provider_id', '=', providerId)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  if (!reset || reset.attempts >= RESET_CODE_MAX_ATTEMPTS) return false;
  if (reset.code_hash !== codeHash(providerId, code)) {
    await ctx.db
      .updateTable('password_resets')
      .set({ attempts: reset.attempts + 1 })
      .where('id', '=', reset.id)
      .execute();
    return false;
  }
  await ctx.db
    .updateTable('password_resets')
    .set({ used_at: new Date() })
    .where('id', '=', reset.id)
    .execute();
  return true;
}
