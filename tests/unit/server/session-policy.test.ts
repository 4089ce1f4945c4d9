import { describe, expect, it } from 'vitest';
import {
  absoluteExpiry,
  failureForEnded,
  isExpired,
  needsTouch,
} from '../../../src/server/auth/session-policy';
import { activityReportMs } from '../../../src/shared/auto-logoff';

const limits = { idleSeconds: 600, maxSeconds: 3600 };
const t0 = new Date('2026-11-22T10:00:00Z');
const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);

describe('session expiry', () => {
  const session = { createdAt: t0, lastSeenAt: t0, expiresAt: absoluteExpiry(t0, limits) };

  it('ends an absolute lifetime after maxSeconds', () => {
    expect(session.expiresAt).toEqual(at(3600));
    expect(isExpired({ ...session, lastSeenAt: at(3590) }, limits, at(3599))).toBe(false);
    expect(isExpired({ ...session, lastSeenAt: at(3590) }, limits, at(3600))).toBe(true);
  });

  it('ends an idle session after idleSeconds without use', () => {
    expect(isExpired(session, limits, at(599))).toBe(false);
    expect(isExpired(session, limits, at(600))).toBe(true);
    expect(isExpired({ ...session, lastSeenAt: at(500) }, limits, at(1000))).toBe(false);
  });

  it('writes last-seen at most once a minute', () => {
    expect(needsTouch(t0, at(59))).toBe(false);
    expect(needsTouch(t0, at(60))).toBe(true);
  });
});

describe('token errors of spec §8', () => {
  it('each end reason answers the code that means exactly that', () => {
    expect(failureForEnded('KICKED').code).toBe('TOKEN_ERR_KICKED');
    expect(failureForEnded('LOGOUT').code).toBe('TOKEN_ERR_LOGOUT');
    expect(failureForEnded('EXPIRED')).toMatchObject({
      code: 'TOKEN_ERR_NOT_FOUND',
      message: expect.stringContaining('expired'),
    });
    expect(failureForEnded('PASSWORD_CHANGED').code).toBe('TOKEN_ERR_NOT_FOUND');
    expect(failureForEnded('CANCELLED').code).toBe('TOKEN_ERR_NOT_FOUND');
    expect(failureForEnded('AUTO_LOGOFF')).toMatchObject({
      code: 'TOKEN_ERR_LOGOUT',
      message: expect.stringContaining('without activity'),
    });
  });
});

describe('activity reports of automatic logoff', () => {
  it('come once a minute, or four times in a short logoff time', () => {
    expect(activityReportMs(900)).toBe(60_000);
    expect(activityReportMs(240)).toBe(60_000);
    expect(activityReportMs(5)).toBe(1250);
  });
});
