/**
 * Forgotten passwords: a 6-digit code valid for 30 minutes and 5 tries, mailed to the provider;
 * the newest code replaces older ones.
 */
import type { ServerContext } from '../context';
import type { Mailer } from '../mail/mailer';
import { consumeCode, issueCode, type MailedCodeKind } from './mailed-codes';

export const RESET_CODE_TTL_MS = 30 * 60_000;
export const RESET_CODE_MAX_ATTEMPTS = 5;

const RESET_CODE: MailedCodeKind = {
  table: 'password_resets',
  salt: '',
  ttlMs: RESET_CODE_TTL_MS,
  maxAttempts: RESET_CODE_MAX_ATTEMPTS,
};

export async function issueResetCode(
  ctx: ServerContext,
  mailer: Mailer,
  provider: { id: number; email: string; first_name: string },
) {
  const code = await issueCode(ctx, RESET_CODE, provider.id);
  await mailer.send({
    to: provider.email,
    subject: 'Your password reset code',
    text: `Hello ${provider.first_name},\n\nYour password reset code is ${code}. It is valid for 30 minutes.\n\nIf you did not ask for it, you can ignore this message; your password stays unchanged.\n`,
  });
}

/** Consumes the code if it is right; counts a wrong try. */
export function consumeResetCode(ctx: ServerContext, providerId: number, code: string): Promise<boolean> {
  return consumeCode(ctx, RESET_CODE, providerId, code);
}
