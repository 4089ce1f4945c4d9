/**
 * A Prosody for the bench only, without the c2s rate limit (docs/architecture.md §4): the product's
 * configuration (src/server/prosody/config.ts, history reporting on) minus `limits`, in its own data
 * directory, asking the bench stack's server about logins and reporting history to it. Clients reach
 * its WebSocket directly. The product's configuration never lifts the limit.
 */
import { startOwnProsody, type OwnProsody } from '../../../tests/support/own-prosody';
import type { StackInfo } from '../../../tests/support/stack';

export type BenchProsody = OwnProsody;

/** The product's configuration with the rate limit and its module taken out. */
export function withoutRateLimit(config: string): string {
  const lifted = config
    .replace(/"limits", /, '')
    .replace(/limits = \{\n\s+c2s = \{ rate = "[^"]+" \};\n\}\n/, '');
  // mod_limits by its name and its option block; our own modules may say "limits" in theirs
  // (portal_call_limits).
  if (lifted === config || /"limits"|^limits\s*=/m.test(lifted))
    throw new Error('The Prosody configuration no longer has the rate limit this bench lifts');
  return lifted;
}

export function startUnlimitedProsody(stack: StackInfo): Promise<BenchProsody> {
  return startOwnProsody(stack, { rewrite: withoutRateLimit });
}
