/**
 * A fake clock and timers for the engines (docs/conventions.md "What we do" 3 and 12): time moves only when
 * a test calls `advance`, which runs due timers in order and lets promise callbacks settle
 * between them.
 */
import type { Scheduler, TimerHandle } from '../../shared/time/scheduler';

export interface FakeScheduler extends Scheduler {
  /** Moves time forward by `ms`, running every timer that falls due, in order. */
  advance(ms: number): Promise<void>;
  /** Timers waiting to run. */
  readonly pending: number;
}

/** Lets pending promise callbacks run (one real macrotask turn). */
export const flush = (): Promise<void> => new Promise((resolve) => globalThis.setTimeout(resolve, 0));

export function createFakeScheduler(start = Date.UTC(2026, 0, 1)): FakeScheduler {
  let now = start;
  let seq = 0;
  const timers = new Map<number, { due: number; callback: () => void }>();

  const next = () => {
    let found: [number, { due: number; callback: () => void }] | null = null;
    for (const entry of timers) {
      if (!found || entry[1].due < found[1].due || (entry[1].due === found[1].due && entry[0] < found[0]))
        found = entry;
    }
    return found;
  };

  return {
    now: () => now,
    setTimeout(callback, ms) {
      const id = ++seq;
      timers.set(id, { due: now + Math.max(0, ms), callback });
      return id;
    },
    clearTimeout(handle: TimerHandle) {
      timers.delete(handle as number);
    },
    get pending() {
      return timers.size;
    },
    async advance(ms) {
      const target = now + ms;
      await flush();
      for (let entry = next(); entry && entry[1].due <= target; entry = next()) {
        timers.delete(entry[0]);
        now = entry[1].due;
        entry[1].callback();
        await flush();
      }
      now = target;
    },
  };
}
