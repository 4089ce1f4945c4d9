/**
 * Automatic logoff (docs/security.md "Automatic logoff"; HIPAA §164.312(a)(2)(iii)): the time
 * since the provider's last activity, in any tab of this browser, as a transition table
 * on the shared machine kernel (src/shared/machine.ts, docs/architecture.md §3): `active` → `warning` a little before the end → `ended`; activity or
 * "stay signed in" brings `warning` back to `active`; `ended` is final. Pure: clock, timers and
 * the cross-tab share are injected.
 */

import { createMachine } from '../../shared/machine';
import type { Scheduler } from '../../shared/time/scheduler';

export type IdleState = 'active' | 'warning' | 'ended';

export const IDLE_TRANSITIONS: Readonly<Record<IdleState, readonly IdleState[]>> = {
  active: ['warning', 'ended'],
  warning: ['active', 'ended'],
  ended: [],
};

/** The last activity of any tab of this browser (local storage in the portal). */
export interface ActivityShare {
  read(): number | null;
  write(at: number): void;
  /** Calls `listener` when another tab records activity; answers the unsubscribe. */
  subscribe(listener: (at: number) => void): () => void;
}

/** The clock and timers are the shared scheduler's (src/shared/scheduler.ts). */
export interface IdleClockOptions extends Scheduler {
  logoffMs: number;
  /** The warning shows this long before the end. */
  warnMs: number;
  share: ActivityShare;
  onChange(state: IdleState): void;
}

export interface IdleClock {
  readonly state: IdleState;
  /** When the session ends unless there is activity (ms since the epoch). */
  readonly endsAt: number;
  /**
   * The warning's time has come or passed, by this tab's clock: a session that ends now ends
   * for the time without activity, whichever tab ended it.
   */
  readonly due: boolean;
  /** Activity in this tab; ignored while the warning shows (the provider answers it instead). */
  activity(): void;
  /** "Stay signed in": activity that also dismisses the warning. */
  staySignedIn(): void;
  /** Looks at the time again (a hidden tab's timers run late). */
  check(): void;
  stop(): void;
}

/** A share's own writes are only worth repeating this often; other tabs read the newest. */
const SHARE_WRITE_EVERY_MS = 1000;

/** The warning comes a minute before the end, or halfway through when the whole time is short. */
export function warningLead(logoffMs: number): number {
  return Math.min(60_000, Math.floor(logoffMs / 2));
}

export function createIdleClock(options: IdleClockOptions): IdleClock {
  const { share } = options;
  const machine = createMachine<IdleState>(
    'idle clock',
    IDLE_TRANSITIONS,
    'active',
    (to) => options.onChange(to),
    {
      stayingPutIsNoMove: true,
    },
  );
  // A browser reopened long after the last activity of any tab ends at once.
  let last = share.read() ?? options.now();
  let written = 0;
  let timer: unknown = null;

  const move = (to: IdleState) => machine.transition(to);

  const schedule = () => {
    if (timer !== null) options.clearTimeout(timer);
    timer = null;
    if (machine.state === 'ended') return;
    last = Math.max(last, share.read() ?? 0);
    const now = options.now();
    const endsAt = last + options.logoffMs;
    const warnAt = endsAt - options.warnMs;
    if (now >= endsAt) return move('ended');
    move(now >= warnAt ? 'warning' : 'active');
    timer = options.setTimeout(schedule, (now >= warnAt ? endsAt : warnAt) - now);
  };

  const record = (force: boolean) => {
    if (machine.state === 'ended') return;
    const now = options.now();
    last = now;
    if (force || now - written >= SHARE_WRITE_EVERY_MS) {
      written = now;
      share.write(now);
    }
    schedule();
  };

  const unsubscribe = share.subscribe((at) => {
    if (machine.state === 'ended' || at <= last) return;
    last = at;
    schedule();
  });
  schedule();

  return {
    get state() {
      return machine.state;
    },
    get endsAt() {
      return last + options.logoffMs;
    },
    get due() {
      return options.now() >= last + options.logoffMs - options.warnMs;
    },
    activity() {
      if (machine.state === 'active') record(false);
    },
    staySignedIn() {
      record(true);
    },
    check: schedule,
    stop() {
      if (timer !== null) options.clearTimeout(timer);
      timer = null;
      unsubscribe();
    },
  };
}
