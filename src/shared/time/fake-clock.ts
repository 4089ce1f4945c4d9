/**
 * The one fake clock for tests (docs/conventions.md "What we do" 3 and 12): a `RepeatingScheduler`
 * whose time moves only when a test moves it, running the timers that fall due on the way in
 * order (by due time, then by when they were set). Headless, so unit tests, Node integration tests
 * and the member simulator drive the engines' timers (the chat's pings and back-off, the calls'
 * 5 s, 30 s and 60 s of spec §9) without waiting.
 *
 * `advance` runs them synchronously, for engines whose timers act at once; `advanceAsync` lets the
 * promise callbacks a timer started settle before the next one runs, for engines that await
 * between steps (the chat stack).
 */
import type { RepeatingScheduler, TimerHandle } from './scheduler';

export interface FakeClock extends RepeatingScheduler {
  /** Moves time forward by `ms`, running every timer that falls due, in order. */
  advance(ms: number): void;
  /** As `advance`, letting pending promise callbacks run before, between and after the timers. */
  advanceAsync(ms: number): Promise<void>;
  /** Timers still scheduled. */
  readonly pending: number;
}

/** Lets pending promise callbacks run (one real macrotask turn). */
export const flush = (): Promise<void> => new Promise((resolve) => globalThis.setTimeout(resolve, 0));

interface Timer {
  id: number;
  at: number;
  every: number | null;
  fn: () => void;
}

export function createFakeClock(start = Date.UTC(2026, 0, 1)): FakeClock {
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
  /** The next timer due by `end`, if any. */
  const due = (end: number): Timer | undefined => {
    let found: Timer | undefined;
    for (const timer of timers.values())
      if (
        timer.at <= end &&
        (!found || timer.at < found.at || (timer.at === found.at && timer.id < found.id))
      )
        found = timer;
    return found;
  };
  const run = (timer: Timer) => {
    now = timer.at;
    if (timer.every === null) timers.delete(timer.id);
    else timer.at += timer.every;
    timer.fn();
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
      for (let timer = due(end); timer; timer = due(end)) run(timer);
      now = end;
    },
    async advanceAsync(ms) {
      const end = now + ms;
      await flush();
      for (let timer = due(end); timer; timer = due(end)) {
        run(timer);
        await flush();
      }
      now = end;
    },
  };
}
