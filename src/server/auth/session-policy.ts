/**
 * Pure session rules: idle and absolute expiry, and which token error an ended session answers
 * (spec §8: TOKEN_ERR_EMPTY, TOKEN_ERR_NOT_FOUND, TOKEN_ERR_KICKED, TOKEN_ERR_LOGOUT).
 */
import type { TokenErrorCode } from '../../shared/api/envelope';
import type { SessionEndReason } from '../db/schema';

export interface SessionTimes {
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
}

export interface SessionLimits {
  idleSeconds: number;
  maxSeconds: number;
}

export function absoluteExpiry(createdAt: Date, limits: SessionLimits): Date {
  return new Date(createdAt.getTime() + limits.maxSeconds * 1000);
}

/** Whether a live session has run out, by idle time or by its absolute end. */
export function isExpired(session: SessionTimes, limits: SessionLimits, now: Date): boolean {
  return (
    now >= session.expiresAt || now.getTime() - session.lastSeenAt.getTime() >= limits.idleSeconds * 1000
  );
}

/** Last-seen is written at most once a minute: token checks stay one read on the hot path. */
export const LAST_SEEN_WRITE_INTERVAL_MS = 60_000;

export function needsTouch(lastSeenAt: Date, now: Date): boolean {
  return now.getTime() - lastSeenAt.getTime() >= LAST_SEEN_WRITE_INTERVAL_MS;
}

export interface TokenFailure {
  code: TokenErrorCode;
  message: string;
}

export const MISSING_TOKEN: TokenFailure = { code: 'TOKEN_ERR_EMPTY', message: 'Please sign in to continue' };
export const UNKNOWN_TOKEN: TokenFailure = {
  code: 'TOKEN_ERR_NOT_FOUND',
  message: 'Your session was not found; please sign in again',
};

export function failureForEnded(reason: SessionEndReason): TokenFailure {
  switch (reason) {
    case 'KICKED':
      return {
        code: 'TOKEN_ERR_KICKED',
        message: 'Your account was signed in somewhere else, so you were signed out here',
      };
    case 'LOGOUT':
      return { code: 'TOKEN_ERR_LOGOUT', message: 'You have signed out; please sign in again' };
    case 'EXPIRED':
      return { code: 'TOKEN_ERR_NOT_FOUND', message: 'Your session has expired; please sign in again' };
    case 'PASSWORD_CHANGED':
      return { code: 'TOKEN_ERR_NOT_FOUND', message: 'Your password was changed; please sign in again' };
    case 'AUTO_LOGOFF':
      return {
        code: 'TOKEN_ERR_LOGOUT',
        message: 'You were signed out after a time without activity; please sign in again',
      };
    case 'CANCELLED':
      return { code: 'TOKEN_ERR_NOT_FOUND', message: 'This account has been cancelled' };
  }
}
