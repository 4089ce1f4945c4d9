/**
 * The reconnect loop of spec §4 and docs/wire/hosted-chat.md §13.4: try now, then
 * every `intervalMs` (spec §9: 3 s) while the chat is neither connected nor connecting; never
 * after a deliberate sign-out (the owner simply does not start it); stop when the chat-service
 * session has expired (spec §4 "It stops when the session token has expired").
 */
import type { Scheduler, TimerHandle } from '../../shared/time/scheduler';

export interface ReconnectDeps {
  scheduler: Scheduler;
  intervalMs: number;
  /** Whether an attempt makes sense now (not connected, not connecting). */
  idle(): boolean;
  /** Starts one connection attempt. */
  attempt(): void;
  /** Whether the chat-service session token has expired. */
  isSessionExpired(): boolean;
  /** The loop stopped because the session expired. */
  onSessionExpired(): void;
}

export interface Reconnect {
  readonly running: boolean;
  /** Starts the loop (no-op if it runs): an attempt now, then one per interval. */
  start(): void;
  /** Stops the loop. */
  stop(): void;
}

export function createReconnect(deps: ReconnectDeps): Reconnect {
  let timer: TimerHandle | null = null;
  let running = false;

  function tick(): void {
    timer = null;
    if (!running) return;
    if (deps.isSessionExpired()) {
      running = false;
      deps.onSessionExpired();
      return;
    }
    if (deps.idle()) deps.attempt();
    if (running) timer = deps.scheduler.setTimeout(tick, deps.intervalMs);
  }

  return {
    get running() {
      return running;
    },
    start() {
      if (running) return;
      running = true;
      tick();
    },
    stop() {
      running = false;
      if (timer !== null) deps.scheduler.clearTimeout(timer);
      timer = null;
    },
  };
}
