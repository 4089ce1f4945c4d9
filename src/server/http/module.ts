/**
 * Rate limits' upkeep as one server module: the counters live in the database
 * (`rate-limit.ts`, docs/security.md), and those whose window has passed are pruned.
 */
import type { ServerModule } from '../app';
import { sweepRateLimits } from './rate-limit';

const SWEEP_INTERVAL_MS = 30_000;
let timer: NodeJS.Timeout | null = null;

export const rateLimitsModule: ServerModule = {
  name: 'rate-limits',
  start(ctx) {
    timer = setInterval(() => {
      sweepRateLimits(ctx).catch((error: unknown) =>
        ctx.log.error({ err: error }, 'sweeping rate limits failed'),
      );
    }, SWEEP_INTERVAL_MS);
    timer.unref();
  },
  stop() {
    if (timer) clearInterval(timer);
    timer = null;
  },
};
