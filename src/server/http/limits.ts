/**
 * The limits of docs/security.md "Sign-in and chat login limits", one policy per kind of request.
 * Chat logins share one policy (and so one count) across `/qb/session.json`, `/qb/login.json` and
 * XMPP logins.
 */
import { VERIFICATION_RESEND_SECONDS } from '../../shared/api/account';
import type { LimitPolicy } from './rate-limit';

const FIFTEEN_MINUTES = 900;
const HOUR = 3600;
const DAY = 86400;

/** Password checks: strangers slow an account down, they cannot lock its owner out. */
function credentialPolicy(scope: string): LimitPolicy {
  return {
    scope,
    counts: 'failures',
    perAccountAndAddress: { max: 10, windowSeconds: FIFTEEN_MINUTES },
    perAddress: { max: 30, windowSeconds: FIFTEEN_MINUTES },
    accountCeiling: { free: 10, windowSeconds: DAY, firstDelaySeconds: 5, maxDelaySeconds: FIFTEEN_MINUTES },
  };
}

export const LIMITS = {
  /** `POST /api/user/user/sign/in/doctor`, by email. */
  signIn: credentialPolicy('signin'),
  /**
   * Second-factor answers — a sign-in's second step and the fresh proofs Settings asks for — by
   * provider id: the password was right, so only the factor is being guessed (docs/security.md
   * "Second factor"). Each step also ends after its own five wrong answers.
   */
  secondFactor: credentialPolicy('second-factor'),
  /** Chat-service logins and XMPP logins, by chat user. */
  chatLogin: credentialPolicy('chat-login'),
  /** `POST /console/unlock`, the operator's admin secret (account `admin`) by address. */
  consoleUnlock: credentialPolicy('console-unlock'),
  /**
   * `POST /api/user/user/sign/up/doctor`: every sign-up counts, by e-mail address (the mail one
   * mailbox gets, registered or not) and by client address (docs/security.md "Sign-up").
   */
  signUp: {
    scope: 'sign-up',
    counts: 'requests',
    perAccount: { max: 5, windowSeconds: HOUR },
    perAddress: { max: 10, windowSeconds: HOUR },
  },
  /**
   * `POST /api/user/user/sign/forget/password` asking for a code, by email: every request counts,
   * five an hour per account; an address the owner signed in from within 30 days is let through
   * past them (issue 27: five requests from strangers blocked a provider's reset for an hour).
   */
  resetMail: {
    scope: 'forget-password',
    counts: 'requests',
    perAccount: { max: 5, windowSeconds: HOUR, exceptKnownIn: 'signin' },
    perAddress: { max: 20, windowSeconds: HOUR },
  },
  /**
   * The same endpoint with a code and a new password, counted apart from the mail requests: wrong
   * codes per account and address and per address. Guessing is bounded by the codes themselves
   * (five tries each, and at most five mails an hour to strangers' asking).
   */
  resetCode: {
    scope: 'reset-code',
    counts: 'failures',
    perAccountAndAddress: { max: 10, windowSeconds: FIFTEEN_MINUTES },
    perAddress: { max: 30, windowSeconds: FIFTEEN_MINUTES },
  },
  /** `GET /qb/users/password/reset.json`, by email: every request counts. */
  chatPasswordReset: {
    scope: 'chat-password-reset',
    counts: 'requests',
    perAccount: { max: 3, windowSeconds: HOUR },
    perAddress: { max: 20, windowSeconds: HOUR },
  },
  /** `POST /qb/session.json`, by address and by the user it logs in (if any). */
  chatSessionCreate: {
    scope: 'chat-session',
    counts: 'requests',
    perAccount: { max: 60, windowSeconds: 600 },
    perAddress: { max: 100, windowSeconds: 60 },
  },
  /** `POST /api/user/user/sign/verify/email/send`, by provider: one mail a minute… */
  verificationMail: {
    scope: 'verification-mail',
    counts: 'requests',
    perAccount: { max: 1, windowSeconds: VERIFICATION_RESEND_SECONDS },
  },
  /** …and five an hour. */
  verificationMailHourly: {
    scope: 'verification-mail-hour',
    counts: 'requests',
    perAccount: { max: 5, windowSeconds: HOUR },
  },
} satisfies Record<string, LimitPolicy>;
