/**
 * Concurrent bursts against the sign-in limits (docs/security.md "Sign-in and chat login limits"),
 * judged by the policy rather than by the clock: once an account has `free` failures, one more
 * check is let through after `firstDelaySeconds`, then after twice that, and so on. A burst that a
 * loaded machine spreads over more than five seconds may therefore see a further check, and only
 * as many as the time it took allows.
 */
import { LIMITS } from '../../src/server/http/limits';

/** The answers of `count` calls made at once, with the wall time from the first send to the last answer. */
export async function burst<T>(
  count: number,
  call: (i: number) => Promise<T>,
): Promise<{ answers: T[]; ms: number }> {
  const started = Date.now();
  const answers = await Promise.all(Array.from({ length: count }, (_, i) => call(i)));
  return { answers, ms: Date.now() - started };
}

/** How many password checks the account ceiling lets through in a burst of `ms` (at least `free`). */
export function checksAllowed(ms: number, ceiling = LIMITS.signIn.accountCeiling!): number {
  const delays = Math.floor(Math.log2(ms / 1000 / ceiling.firstDelaySeconds + 1));
  return ceiling.free + delays;
}

/** How many answers carry each code: a failed expectation then shows them all. */
export function countCodes(answers: Array<{ code: string }>): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const { code } of answers) counts[code] = (counts[code] ?? 0) + 1;
  return counts;
}
