/**
 * Portal sessions' end by time as one server module: sessions expired or without the provider's
 * activity for AUTO_LOGOFF_SECONDS are ended (so their chat and sockets end too; docs/security.md
 * "Automatic logoff"), and old second steps of sign-ins and expired WebAuthn challenges pruned.
 */
import { activityReportMs } from '../../shared/auto-logoff';
import type { ServerModule } from '../app';
import { sweepSecondSteps } from './second-steps';
import { sweepExpiredSessions, sweepIdleSessions } from './sessions';

const SWEEP_INTERVAL_MS = 30_000;
let timer: NodeJS.Timeout | null = null;

export const authModule: ServerModule = {
  name: 'auth',
  start(ctx) {
    const sweep = async () => {
      try {
        await sweepIdleSessions(ctx);
        await sweepExpiredSessions(ctx);
        await sweepSecondSteps(ctx);
      } catch (error) {
        ctx.log.error({ err: error }, 'sweeping sessions failed');
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
