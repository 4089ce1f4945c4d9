/** Periodic work: end expired sessions (so their chat and sockets end too), prune rate limits. */
import type { ServerModule } from './app';
import { sweepRateLimits } from './http/rate-limit';
import { sweepExpiredSessions } from './auth/sessions';

const SWEEP_INTERVAL_MS = 30_000;
let timer: NodeJS.Timeout | null = null;

export const housekeepingModule: ServerModule = {
  name: 'housekeeping',
  start(ctx) {
    const sweep = async () => {
      try {
        await sweepExpiredSessions(ctx);
        await sweepRateLimits(ctx);
      } catch (error) {
        ctx.log.error({ err: error }, 'housekeeping sweep failed');
      }
    };
    timer = setInterval(sweep, Math.min(SWEEP_INTERVAL_MS, ctx.config.session.idleSeconds * 1000));
    timer.unref();
  },
  stop() {
    if (timer) clearInterval(timer);
    timer = null;
  },
};
