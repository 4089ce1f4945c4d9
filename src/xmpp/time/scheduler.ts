/**
 * Clock and timers as one collaborator (docs/conventions.md "What we do" 3): engines take a Scheduler so
 * tests drive them with a fake one (src/xmpp/testing/fake-scheduler.ts) instead of real time.
 */

/** An opaque timer handle. */
export type TimerHandle = unknown;

export interface Scheduler {
  /** Milliseconds since the epoch. */
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

/** The real clock and timers of the environment. */
export const realScheduler: Scheduler = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};
