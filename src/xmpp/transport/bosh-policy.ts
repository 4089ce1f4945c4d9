/**
 * BOSH long-polling policy, spec §9 and docs/wire/hosted-chat.md §12 (XEP-0124 /
 * XEP-0206): wait 60 s, hold 1, window 5 requests, more than 4 failed requests disconnect, a
 * request re-sent more than 5 times disconnects, and the retry back-off grows with the cube of
 * the attempt (first retry immediate), capped at 1.1 × wait. Strophe's BOSH transport carries
 * out the requests; this module fixes the numbers it is given and states the rule it follows,
 * so tests can check Strophe against it.
 */
import { BOSH } from '../../shared/constants';

export const BOSH_POLICY = {
  wait: BOSH.wait,
  hold: BOSH.hold,
  window: BOSH.window,
  /** More than this many failed requests end the session. */
  maxErrors: BOSH.maxErrors,
  /** A request sent more than this many times ends the session. */
  maxRetries: 5,
  /** Strophe's primary time-out multiplier: a request older than 1.1 × wait is retried. */
  timeoutMultiplier: 1.1,
} as const;

/** Delay before re-sending a request that has been sent `sends` times: min(1.1 × wait, sends³) s. */
export function boshRetryDelayMs(sends: number, wait: number = BOSH_POLICY.wait): number {
  if (sends <= 1) return 0;
  return Math.min(Math.floor(BOSH_POLICY.timeoutMultiplier * wait), sends ** 3) * 1000;
}

/** Whether this many consecutive failed requests end the session. */
export function boshErrorsExhausted(errors: number): boolean {
  return errors > BOSH_POLICY.maxErrors;
}
