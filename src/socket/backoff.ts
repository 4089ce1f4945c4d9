/**
 * Reconnect back-off of the app socket (spec §7 "It reconnects on failure"): exponential with a
 * cap and jitter, so a restarted server is not hit by every portal at the same instant. Pure: the
 * caller owns the timers (docs/conventions.md "What we do" 3).
 */

export interface BackoffOptions {
  /** First delay, ms. */
  initialMs: number;
  /** Largest delay, ms. */
  maxMs: number;
  /** Growth per failed attempt. */
  factor: number;
  /** Share of each delay that is random, 0..1. */
  jitter: number;
}

export const DEFAULT_BACKOFF: BackoffOptions = { initialMs: 1_000, maxMs: 60_000, factor: 2, jitter: 0.5 };

/** Delay before reconnect attempt `attempt` (1 = the first retry). */
export function backoffDelay(attempt: number, options: BackoffOptions, random: () => number): number {
  const exponential = options.initialMs * options.factor ** Math.max(0, attempt - 1);
  const capped = Math.min(options.maxMs, exponential);
  return Math.round(capped * (1 - options.jitter) + capped * options.jitter * random());
}
