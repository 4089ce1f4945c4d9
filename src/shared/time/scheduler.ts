/**
 * Clock and timers as one collaborator (docs/conventions.md "What we do" 3), the one kernel every
 * engine with a timer takes — the chat stack, calls, the app socket on both sides, the chat-service
 * session check, the portal's idle clock — so a test drives it with the fake one
 * (fake-clock.ts) instead of real time.
 * An engine asks for what it uses: `Scheduler`, `RepeatingScheduler`, or a `Pick` of one.
 */

/** An opaque timer handle. */
export type TimerHandle = unknown;

/** The time and one-shot timers. */
export interface Scheduler {
  /** Milliseconds since the epoch. */
  now(): number;
  setTimeout(callback: () => void, ms: number): TimerHandle;
  clearTimeout(handle: TimerHandle): void;
}

/** A scheduler whose timers also repeat. */
export interface RepeatingScheduler extends Scheduler {
  setInterval(callback: () => void, ms: number): TimerHandle;
  clearInterval(handle: TimerHandle): void;
}

/** The real clock and timers of the environment (browser or Node). */
export const realScheduler: RepeatingScheduler = {
  now: () => Date.now(),
  setTimeout: (callback, ms) => globalThis.setTimeout(callback, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
  setInterval: (callback, ms) => globalThis.setInterval(callback, ms),
  clearInterval: (handle) => globalThis.clearInterval(handle as ReturnType<typeof setInterval>),
};
