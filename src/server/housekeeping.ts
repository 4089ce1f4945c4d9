/**
 * Periodic work: end expired sessions and those without the provider's activity for
 * AUTO_LOGOFF_SECONDS (so their chat and sockets end too; docs/security.md "Automatic logoff"),
 * prune rate limits, sign-ups used or expired (docs/security.md "Sign-up"), old second steps of
 * sign-ins and expired WebAuthn challenges.
 */
import type { ServerModule } from './app';
import { sweepRateLimits } from './http/rate-limit';
import { activityReportMs } from '../shared/auto-logoff';
import { sweepSecondSteps } from './auth/second-steps';
import { sweepExpiredSessions, sweepIdleSessions } from './auth/sessions';
import { sweepSignUps } from './account/sign-up';

const SWEEP_INTERVAL_MS = 30_000;
let timer: NodeJS.Timeout | null = null;

export const housekeepingModule: ServerModule = {
  name: 'housekeeping',
  start(ctx) {
    const sweep = async () => {
      try {
        await sweepIdleSessions(ctx);
        await sweepExpiredSessions(ctx);
        await sweepRateLimits(ctx);
        await sweepSignUps(ctx);
        await sweepSecondSteps(ctx);
      } catch (error) {
        ctx.log.error({ err: error }, 'housekeeping sweep failed');
      }
    };
    const { idleSeconds, autoLogoffSeconds } = ctx.config.session;
    // A short logoff time is swept as often as the portal reports activity.
    const every = Math.min(SWEEP_INTERVAL_MS, idleSeconds * 1000, activityReportMs(autoLogoffSeconds));
    timer = setInterval(sweep, every);
    timer.unref();
  },
  stop() {
    if (timer) clearInterval(timer);
    timer = null;
  },
};
