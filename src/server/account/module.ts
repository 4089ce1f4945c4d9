/**
 * Accounts (spec §2 "Sign up", "Sign in", "Forgot password"; §7 "Profile") as one server module:
 * sign-up, sign-in and sign-out, password reset, the provider's info, avatar, password change and
 * closing the account, and the sweep of sign-ups used or expired (docs/security.md "Sign-up").
 */
import type { ServerModule } from '../app';
import { registerProfileRoutes } from './profile-routes';
import { registerSignRoutes } from './sign-routes';
import { sweepSignUps } from './sign-up';

const SWEEP_INTERVAL_MS = 30_000;
let timer: NodeJS.Timeout | null = null;

export const accountModule: ServerModule = {
  name: 'account',
  api(api, ctx, deps) {
    registerSignRoutes(api, ctx, deps.mailer);
    registerProfileRoutes(api, ctx, deps.blobs);
  },
  start(ctx) {
    timer = setInterval(() => {
      sweepSignUps(ctx).catch((error: unknown) => ctx.log.error({ err: error }, 'sweeping sign-ups failed'));
    }, SWEEP_INTERVAL_MS);
    timer.unref();
  },
  stop() {
    if (timer) clearInterval(timer);
    timer = null;
  },
};
