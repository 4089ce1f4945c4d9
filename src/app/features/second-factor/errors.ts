/**
 * What a second-factor failure says to the provider, in her language: the server's codes
 * (docs/security.md "Second factor") and the browser's passkey problems.
 */
import type { TFunction } from 'i18next';
import { ApiError } from '../../../rest';
import { PasskeyProblem } from './webauthn';

/** Whether the sign-in's step is over (ended, expired, too many tries): sign in again. */
export function stepIsOver(error: unknown): boolean {
  return error instanceof ApiError && error.isTokenError;
}

/** Tries the step has left after a wrong answer, when the server says. */
export function triesLeftOf(error: unknown): number | null {
  if (!(error instanceof ApiError)) return null;
  const left = (error.data as { triesLeft?: unknown } | null)?.triesLeft;
  return typeof left === 'number' ? left : null;
}

export function messageOf(error: unknown, t: TFunction, method?: 'totp' | 'recovery' | 'passkey'): string {
  if (error instanceof PasskeyProblem) {
    return error.kind === 'origin'
      ? t('auth:secondFactor.errors.passkeyOrigin', { origin: error.origin })
      : t(`auth:secondFactor.errors.passkey_${error.kind}`);
  }
  if (!(error instanceof ApiError)) return t('common:errors.network');
  if (error.isTokenError) return t('auth:secondFactor.errors.stepOver');
  switch (error.code) {
    case 'SECOND_FACTOR_INVALID':
      return method === 'recovery'
        ? t('auth:secondFactor.errors.wrongRecovery')
        : method === 'passkey'
          ? t('auth:secondFactor.errors.passkeyRefused')
          : t('auth:secondFactor.errors.wrongCode');
    case 'RATE_LIMITED': {
      const seconds = (error.data as { retryAfterSeconds?: number } | null)?.retryAfterSeconds ?? 60;
      return t('auth:secondFactor.errors.rateLimited', { count: Math.ceil(seconds / 60) });
    }
    default:
      return error.message;
  }
}
