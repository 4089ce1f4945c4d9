/**
 * A clock for tests (docs/calls.md "Timers"): time moves only when `advance` is called, and the
 * timers due on the way run in order. Headless, so unit tests, Node integration tests and the
 * member simulator can all drive the 5 s, 30 s and 60 s timers of spec §9 without waiting.
 */
import type { RepeatingScheduler, TimerHandle } from '../../shared/time/scheduler';

interface Timer {
  id: number;
  at: number;
  every: number | null;
  fn: () => void;
}

export interface FakeClock extends RepeatingScheduler {
  /** Moves time forward by `ms`, running every timer that falls due. */
  advance(ms: number): void;
  /** Timers still scheduled. */
  readonly pending: number;
}

export function createFakeClock(start = 0): FakeClock {
  let now = start;
  let nextId = 1;
  const timers = new Map<number, Timer>();
  const add = (fn: () => void, ms: number, every: number | null): TimerHandle => {
    const id = nextId++;
    timers.set(id, { id, at: now + Math.max(0, ms), every, fn });
    return id;
  };
  const clear = (handle: TimerHandle) => {
    timers.delete(handle as number);
  };
  return {
    now: () => now,
    setTimeout: (fn, ms) => add(fn, ms, null),
    setInterval: (fn, ms) => add(fn, ms, Math.max(1, ms)),
    clearTimeout: clear,
    clearInterval: clear,
    get pending() {
      return timers.size;
    },
    advance(ms) {
      const end = now + ms;
      for (;;) {
        let due: Timer | undefined;
        for (const timer of timers.values()) {
          if (timer.at <= end && (!due || timer.at < due.at || (timer.at === due.at && timer.id < due.id)))
            due = timer;
        }
        if (!due) break;
        now = due.at;
        if (due.every === null) timers.delete(due.id);
        else due.at += due.every;
        due.fn();
      }
      now = end;
    },
  };
}
