/**
 * Keep-alive ping, docs/wire/hosted-chat.md §13.3 and spec §9: ping the server
 * every `intervalMs` (from configuration), each with its own time-out (1 s); any answer, even an
 * error, resets the failure count; more than 6 consecutive failures (the 7th) declare the
 * connection dead (docs/lessons.md §5: notice a dead socket within seconds). Pings run one at a
 * time: the next is scheduled `intervalMs` after the previous one settled.
 */
import { TimeoutError } from '../errors/errors';
import type { Scheduler, TimerHandle } from '../../shared/time/scheduler';

export interface KeepAliveDeps {
  scheduler: Scheduler;
  intervalMs: number;
  /** More than this many consecutive failures are fatal (spec §9: 6). */
  maxFailures: number;
  /** Sends one ping; resolves on an answer, rejects with TimeoutError when none came in time. */
  ping(): Promise<unknown>;
  /** A ping got no answer; `failures` counts consecutive ones. */
  onFailure(failures: number, error: TimeoutError): void;
  /** Too many failures: the connection is dead. The loop has stopped. */
  onDead(): void;
}

export interface KeepAlive {
  readonly running: boolean;
  readonly failures: number;
  start(): void;
  stop(): void;
}

export function createKeepAlive(deps: KeepAliveDeps): KeepAlive {
  let timer: TimerHandle | null = null;
  let generation = 0;
  let running = false;
  let failures = 0;

  function schedule(): void {
    if (running && deps.intervalMs > 0) timer = deps.scheduler.setTimeout(beat, deps.intervalMs);
  }

  function beat(): void {
    timer = null;
    const mine = generation;
    deps.ping().then(
      () => {
        if (mine !== generation) return;
        failures = 0;
        schedule();
      },
      (error: unknown) => {
        if (mine !== generation) return;
        // Only a missing answer is a failure; an error reply still proves the link is alive.
        if (!(error instanceof TimeoutError)) {
          failures = 0;
          return schedule();
        }
        failures++;
        deps.onFailure(failures, error);
        if (failures > deps.maxFailures) {
          stop();
          deps.onDead();
          return;
        }
        schedule();
      },
    );
  }

  function stop(): void {
    running = false;
    generation++;
    if (timer !== null) deps.scheduler.clearTimeout(timer);
    timer = null;
  }

  return {
    get running() {
      return running;
    },
    get failures() {
      return failures;
    },
    start() {
      if (running) return;
      running = true;
      failures = 0;
      generation++;
      schedule();
    },
    stop,
  };
}
