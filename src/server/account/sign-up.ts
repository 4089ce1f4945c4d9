/**
 * Sign-up (docs/security.md "Sign-up", issue 27 item 6): the address is confirmed before the
 * account exists. A sign-up is kept with a 6-digit code mailed to the address; the code, with the
 * `signUpId` only the asking browser holds, makes the account. So an address tells nothing: a
 * registered one is answered like a new one and its owner is mailed a note instead of a code; and
 * a sign-up with someone else's address never becomes an account that would lock her out.
 */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { SIGN_UP_CODE_SECONDS, type SignUpStarted } from '../../shared/api/account';
import { hashPassword } from '../auth/passwords';
import { endSessions } from '../auth/sessions';
import type { ServerContext } from '../context';
import { inTransaction } from '../db/transaction';
import { ApiError } from '../http/api-error';
import { LIMITS } from '../http/limits';
import { reserveAttempt } from '../http/rate-limit';
import { afterAnswer, type Mailer } from '../mail/mailer';
import { clearAccount } from './close-account';
import { createProvider } from './create-provider';

/** Wrong codes one sign-up takes before it is void. */
export const SIGN_UP_MAX_ATTEMPTS = 5;

export interface SignUpDetails {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  language: string;
  timezone: string;
  country: string | null;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const codeHash = (tokenHash: string, code: string) => sha256(`sign-up:${tokenHash}:${code}`);

function invalidCode(): ApiError {
  return new ApiError(
    'VERIFICATION_CODE_INVALID',
    'The code is wrong or has expired; sign up again for a new one',
    {
      fields: [{ field: 'code', message: 'Wrong or expired code', rule: 'wrong_code' }],
    },
  );
}

/**
 * Takes a sign-up: counts it against the limits (by address and client, registered or not), keeps
 * it and mails its code, or — when the address is registered — mails its owner a note. The answer
 * and the work before it are the same either way; the mail goes after the answer.
 */
export async function takeSignUp(
  ctx: ServerContext,
  mailer: Mailer,
  details: SignUpDetails,
  client: string,
): Promise<SignUpStarted> {
  await reserveAttempt(ctx, LIMITS.signUp, { account: details.email, address: client });
  const signUpId = randomBytes(32).toString('base64url');
  const tokenHash = sha256(signUpId);
  const passwordHash = await hashPassword(details.password);
  const holder = await ctx.db
    .selectFrom('providers')
    .select(['first_name', 'email_verified_at'])
    .where('email', '=', details.email)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  const answer: SignUpStarted = {
    step: 'CODE_SENT',
    signUpId,
    sentTo: details.email,
    expiresInSeconds: SIGN_UP_CODE_SECONDS,
  };
  if (holder?.email_verified_at) {
    afterAnswer(ctx.log, 'sign-up note not sent', () =>
      mailOwner(ctx, mailer, details.email, holder.first_name),
    );
    return answer;
  }
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await ctx.db
    .insertInto('sign_up_requests')
    .values({
      token_hash: tokenHash,
      email: details.email,
      password_hash: passwordHash,
      first_name: details.firstName,
      last_name: details.lastName,
      language: details.language,
      timezone: details.timezone,
      country: details.country,
      code_hash: codeHash(tokenHash, code),
      expires_at: new Date(Date.now() + SIGN_UP_CODE_SECONDS * 1000),
    })
    .execute();
  // An account opened with this address before sign-up confirmed addresses, never confirmed.
  const replaces = holder !== undefined;
  afterAnswer(ctx.log, 'sign-up code not sent', () => mailCode(mailer, details, code, replaces));
  return answer;
}

/**
 * Makes the account of a sign-up whose code is right, its address confirmed, and answers its id.
 * Each submission is a try, counted by one conditional `UPDATE` before the code is compared (as
 * mailed-codes.ts does), and a right code is used once. An unconfirmed older account holding the
 * address is closed: whoever opened it never proved the address, and its owner just did.
 */
export async function finishSignUp(ctx: ServerContext, signUpId: string, code: string): Promise<number> {
  const tokenHash = sha256(signUpId);
  const tried = await ctx.db
    .updateTable('sign_up_requests')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('token_hash', '=', tokenHash)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .where('attempts', '<', SIGN_UP_MAX_ATTEMPTS)
    .returningAll()
    .executeTakeFirst();
  if (!tried || tried.code_hash !== codeHash(tokenHash, code)) throw invalidCode();
  const made = await inTransaction(ctx.db, async (trx) => {
    const used = await trx
      .updateTable('sign_up_requests')
      .set({ used_at: new Date() })
      .where('id', '=', tried.id)
      .where('used_at', 'is', null)
      .returning('id')
      .executeTakeFirst();
    if (!used) throw invalidCode();
    const holder = await trx
      .selectFrom('providers')
      .select(['id', 'email_verified_at'])
      .where('email', '=', tried.email)
      .where('cancelled_at', 'is', null)
      .executeTakeFirst();
    if (holder?.email_verified_at) {
      throw new ApiError(
        'EMAIL_TAKEN',
        'An account with this address exists; sign in or reset the password',
        {
          fields: [{ field: 'email', message: 'Already registered', rule: 'taken' }],
        },
      );
    }
    if (holder) await clearAccount(trx, holder.id);
    const created = await createProvider(trx, ctx.secrets.chatPasswordKey, {
      email: tried.email,
      passwordHash: tried.password_hash,
      firstName: tried.first_name,
      lastName: tried.last_name,
      language: tried.language,
      timezone: tried.timezone,
      country: tried.country,
      extra: { email_verified_at: new Date() },
    });
    return { id: created.id, closed: holder?.id ?? null };
  });
  if (made.closed !== null) await endSessions(ctx, made.closed, 'CANCELLED');
  await ctx.db.deleteFrom('sign_up_requests').where('id', '=', tried.id).execute();
  return made.id;
}

/** Deletes sign-ups that were used or expired: they hold a password hash and a name. */
export async function sweepSignUps(ctx: ServerContext, now = new Date()): Promise<void> {
  await ctx.db
    .deleteFrom('sign_up_requests')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('used_at', 'is not', null)]))
    .execute();
}

async function mailCode(
  mailer: Mailer,
  details: SignUpDetails,
  code: string,
  replaces: boolean,
): Promise<void> {
  await mailer.send({
    to: details.email,
    subject: 'Your sign-up code',
    text:
      `Hello ${details.firstName},\n\nYour sign-up code is ${code}. It is valid for 60 minutes.\n\n` +
      'Enter it on the sign-up page of the provider portal, in the browser where you signed up, to ' +
      'create your account.\n\n' +
      (replaces
        ? 'An account with this address was opened earlier and its address was never confirmed; ' +
          'entering the code closes that account.\n\n'
        : '') +
      'If you did not sign up, you can ignore this message: no account is made without the code.\n',
  });
}

async function mailOwner(
  ctx: ServerContext,
  mailer: Mailer,
  email: string,
  firstName: string,
): Promise<void> {
  await mailer.send({
    to: email,
    subject: 'Someone tried to sign up with your address',
    text:
      `Hello ${firstName},\n\nSomeone tried to create a provider portal account with this address, ` +
      'which already has one.\n\n' +
      `If it was you: sign in at ${ctx.config.publicOrigin}/login, or choose "Forgot password?" there ` +
      'to set a new password.\n\n' +
      'If it was not you, you can ignore this message: nothing was changed.\n',
  });
}
