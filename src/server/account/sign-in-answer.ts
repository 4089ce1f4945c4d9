/**
 * What a right password answers (docs/security.md "Second factor"): the session, as before, or —
 * when the provider has a second factor, or must enrol one (REQUIRE_MFA) — the second step, and
 * the session only once that step is complete. Opening a step ends no older session: the kick of
 * a new sign-in comes with the session it creates.
 */
import type { SignInAnswer, SignInResult } from '../../shared/api/account';
import { factorMethods, openSecondStep, secondStepDue } from '../auth/second-steps';
import { createSession } from '../auth/sessions';
import type { ServerContext } from '../context';
import { loadDoctorInfo } from './provider-info';

export interface SignInMeta {
  userAgent: string | null;
  address: string | null;
}

/** A new session for the provider (ending her older ones), as sign-in answers it. */
export async function signedIn(
  ctx: ServerContext,
  providerId: number,
  meta: SignInMeta & { secondFactor?: 'passkey' | 'totp' | 'recovery' },
): Promise<SignInResult> {
  const token = await createSession(ctx, providerId, meta);
  return {
    token,
    userInfo: await loadDoctorInfo(ctx, providerId),
    autoLogoffSeconds: ctx.config.session.autoLogoffSeconds,
  };
}

/** The session, or the second step that must come first. */
export async function signInAnswer(
  ctx: ServerContext,
  providerId: number,
  meta: SignInMeta,
): Promise<SignInAnswer> {
  const due = await secondStepDue(ctx, providerId);
  if (!due) return signedIn(ctx, providerId, meta);
  const { token, step } = await openSecondStep(ctx, providerId, due, meta);
  return {
    secondStep: {
      token,
      purpose: due,
      methods: due === 'VERIFY' ? await factorMethods(ctx, providerId) : ['passkey', 'totp'],
      expiresInSeconds: Math.round((step.expiresAt.getTime() - Date.now()) / 1000),
      triesLeft: step.triesLeft,
    },
  };
}
