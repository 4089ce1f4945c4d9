/**
 * E-mail verification (spec §2 /verification) of an account made before sign-up confirmed
 * addresses (docs/security.md "Sign-up"; accounts made since are confirmed when they are made):
 * a 6-digit code valid for 24 hours and 5 tries, asked for from the verification page; the newest
 * code replaces older ones; mails are limited to one a minute and five an hour per account. Until
 * the address is confirmed the provider can sign in and work on the profile but not submit it for
 * review (`assertEmailVerified`).
 */
import type { ServerContext } from '../context';
import { ApiError } from '../http/api-error';
import { LIMITS } from '../http/limits';
import { reserveAttempt } from '../http/rate-limit';
import type { Mailer } from '../mail/mailer';
import { consumeCode, issueCode, type MailedCodeKind } from './mailed-codes';

export const VERIFICATION_CODE_TTL_MS = 24 * 3600_000;
export const VERIFICATION_MAX_ATTEMPTS = 5;

const VERIFICATION_CODE: MailedCodeKind = {
  table: 'email_verifications',
  salt: 'verify:',
  ttlMs: VERIFICATION_CODE_TTL_MS,
  maxAttempts: VERIFICATION_MAX_ATTEMPTS,
};

/** Writes a new code (older ones stop working) and mails it. */
export async function issueVerificationCode(
  ctx: ServerContext,
  mailer: Mailer,
  provider: { id: number; email: string; first_name: string },
): Promise<void> {
  const code = await issueCode(ctx, VERIFICATION_CODE, provider.id);
  await mailer.send({
    to: provider.email,
    subject: 'Confirm your e-mail address',
    text:
      `Hello ${provider.first_name},\n\nYour e-mail verification code is ${code}. It is valid for 24 hours.\n\n` +
      `Enter it on the verification page of the provider portal, ${ctx.config.publicOrigin}/verification ` +
      '(signed in, the banner "Confirm your e-mail address" leads there too). Until then you can prepare ' +
      'your profile, but not submit it for review.\n\n' +
      'If you did not create an account, you can ignore this message.\n',
  });
}

/** Counts the mail against the resend limits (docs/security.md), or throws RATE_LIMITED. */
export async function takeResendSlot(ctx: ServerContext, providerId: number, address: string): Promise<void> {
  const who = { account: String(providerId), address };
  await reserveAttempt(ctx, LIMITS.verificationMail, who);
  await reserveAttempt(ctx, LIMITS.verificationMailHourly, who);
}

/** Confirms the address if the code is right; counts a wrong try and throws. */
export async function confirmEmail(ctx: ServerContext, providerId: number, code: string): Promise<void> {
  if (!(await consumeCode(ctx, VERIFICATION_CODE, providerId, code))) {
    throw new ApiError('VERIFICATION_CODE_INVALID', 'The code is wrong or has expired; ask for a new one', {
      fields: [{ field: 'code', message: 'Wrong or expired code', rule: 'wrong_code' }],
    });
  }
  const now = new Date();
  await ctx.db
    .updateTable('providers')
    .set({ email_verified_at: now, updated_at: now })
    .where('id', '=', providerId)
    .where('email_verified_at', 'is', null)
    .execute();
}

/** Throws EMAIL_NOT_VERIFIED unless the provider confirmed the address. */
export async function assertEmailVerified(ctx: ServerContext, providerId: number): Promise<void> {
  const row = await ctx.db
    .selectFrom('providers')
    .select('email_verified_at')
    .where('id', '=', providerId)
    .executeTakeFirstOrThrow();
  if (!row.email_verified_at) {
    throw new ApiError(
      'EMAIL_NOT_VERIFIED',
      'Confirm your e-mail address first: enter the code we mailed you on the verification page',
    );
  }
}
