/** Sign up, sign in, sign out, forgotten and changed passwords (spec §7 "Account", docs/security.md). */
import type { FastifyInstance } from 'fastify';
import {
  confirmSignUp,
  forgetPassword,
  modifyPassword,
  reportActivity,
  sendEmailVerification,
  signIn,
  signOut,
  signUp,
  VERIFICATION_RESEND_SECONDS,
  verifyEmail,
} from '../../shared/api/account';
import type { ServerContext } from '../context';
import { hashPassword, UNUSABLE_HASH, verifyPassword } from '../auth/passwords';
import { LIMITS } from '../http/limits';
import { reserveAttempt } from '../http/rate-limit';
import { endSessions, recordActivity } from '../auth/sessions';
import { ApiError } from '../http/api-error';
import { registerEndpoint } from '../http/route';
import { afterAnswer, type Mailer } from '../mail/mailer';
import { confirmEmail, issueVerificationCode, takeResendSlot } from './email-verification';
import { consumeResetCode, issueResetCode } from './password-reset';
import { loadDoctorInfo } from './provider-info';
import { signInAnswer } from './sign-in-answer';
import { finishSignUp, takeSignUp } from './sign-up';

export function registerSignRoutes(app: FastifyInstance, ctx: ServerContext, mailer: Mailer) {
  registerEndpoint(app, ctx, signUp, ({ body, headers, request }) =>
    takeSignUp(
      ctx,
      mailer,
      {
        email: body.email,
        password: body.password,
        firstName: body.firstName,
        lastName: body.lastName,
        language: body.language ?? 'en',
        timezone: body.timezone ?? headers.timezone ?? 'UTC',
        country: headers.country ?? null,
      },
      request.ip,
    ),
  );

  registerEndpoint(app, ctx, confirmSignUp, async ({ body, request }) => {
    const providerId = await finishSignUp(ctx, body.signUpId, body.code);
    // The session, or first the second factor where one is required (docs/security.md).
    return signInAnswer(ctx, providerId, {
      userAgent: request.headers['user-agent'] ?? null,
      address: request.ip,
    });
  });

  registerEndpoint(app, ctx, sendEmailVerification, async ({ session, request }) => {
    const provider = await ctx.db
      .selectFrom('providers')
      .select(['id', 'email', 'first_name', 'email_verified_at'])
      .where('id', '=', session.providerId)
      .executeTakeFirstOrThrow();
    if (provider.email_verified_at) {
      throw new ApiError('INVALID_STATE', 'Your e-mail address is already confirmed');
    }
    await takeResendSlot(ctx, provider.id, request.ip);
    try {
      await issueVerificationCode(ctx, mailer, provider);
    } catch (error) {
      ctx.log.error({ err: error }, 'email verification code not sent');
      throw new ApiError('SERVICE_UNAVAILABLE', 'The mail could not be sent; please try again later');
    }
    return { sentTo: provider.email, resendAfterSeconds: VERIFICATION_RESEND_SECONDS };
  });

  registerEndpoint(app, ctx, verifyEmail, async ({ body, session }) => {
    const info = await loadDoctorInfo(ctx, session.providerId);
    if (info.emailVerified) return info;
    await confirmEmail(ctx, session.providerId, body.code);
    return loadDoctorInfo(ctx, session.providerId);
  });

  registerEndpoint(app, ctx, signIn, async ({ body, request }) => {
    // Reserved before the check, so concurrent guesses cannot outrun the count (docs/security.md).
    const attempt = await reserveAttempt(ctx, LIMITS.signIn, {
      account: body.email.toLowerCase(),
      address: request.ip,
    });
    const provider = await ctx.db
      .selectFrom('providers')
      .select(['id', 'password_hash'])
      .where('email', '=', body.email)
      .where('cancelled_at', 'is', null)
      .executeTakeFirst();
    const valid = await verifyPassword(body.password, provider?.password_hash ?? UNUSABLE_HASH);
    if (!provider || !valid) {
      await attempt.failed();
      throw new ApiError('BAD_CREDENTIALS', 'The email or password is incorrect');
    }
    await attempt.succeeded();
    // The session, or first the second factor (docs/security.md "Second factor").
    return signInAnswer(ctx, provider.id, {
      userAgent: request.headers['user-agent'] ?? null,
      address: request.ip,
    });
  });

  registerEndpoint(app, ctx, signOut, async ({ session }) => {
    await endSessions(ctx, session.providerId, 'LOGOUT', { only: session.sessionId });
    return null;
  });

  registerEndpoint(app, ctx, reportActivity, async ({ session }) => {
    await recordActivity(ctx, session.sessionId);
    return null;
  });

  registerEndpoint(app, ctx, forgetPassword, async ({ body, request }) => {
    const who = { account: body.email.toLowerCase(), address: request.ip };
    const { code, password } = body;
    const asksForCode = code === undefined || password === undefined;
    // Mail requests and code submissions are counted apart (docs/security.md), before the lookup.
    const attempt = await reserveAttempt(ctx, asksForCode ? LIMITS.resetMail : LIMITS.resetCode, who);
    const provider = await ctx.db
      .selectFrom('providers')
      .select(['id', 'email', 'first_name'])
      .where('email', '=', body.email)
      .where('cancelled_at', 'is', null)
      .executeTakeFirst();
    if (asksForCode) {
      if (provider)
        afterAnswer(ctx.log, 'password reset code not sent', () => issueResetCode(ctx, mailer, provider));
      return { step: 'CODE_SENT' as const };
    }
    if (!provider || !(await consumeResetCode(ctx, provider.id, code))) {
      await attempt.failed();
      throw new ApiError('RESET_CODE_INVALID', 'The code is wrong or has expired; ask for a new one', {
        fields: [{ field: 'code', message: 'Wrong or expired code', rule: 'wrong_code' }],
      });
    }
    await attempt.succeeded();
    await ctx.db
      .updateTable('providers')
      .set({
        password_hash: await hashPassword(password),
        password_changed_at: new Date(),
        updated_at: new Date(),
      })
      .where('id', '=', provider.id)
      .execute();
    await endSessions(ctx, provider.id, 'PASSWORD_CHANGED');
    return { step: 'PASSWORD_RESET' as const };
  });

  registerEndpoint(app, ctx, modifyPassword, async ({ body, session }) => {
    const row = await ctx.db
      .selectFrom('providers')
      .select('password_hash')
      .where('id', '=', session.providerId)
      .executeTakeFirstOrThrow();
    if (!(await verifyPassword(body.oldPassword, row.password_hash))) {
      throw ApiError.validation([
        {
          field: 'oldPassword',
          message: 'The current password is incorrect',
          rule: 'wrong_current_password',
        },
      ]);
    }
    await ctx.db
      .updateTable('providers')
      .set({
        password_hash: await hashPassword(body.password),
        password_changed_at: new Date(),
        updated_at: new Date(),
      })
      .where('id', '=', session.providerId)
      .execute();
    await endSessions(ctx, session.providerId, 'PASSWORD_CHANGED', { except: session.sessionId });
    return null;
  });
}
