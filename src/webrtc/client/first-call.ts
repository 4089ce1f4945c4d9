/**
 * The first `call` of a dial waits for the caller's first local candidates, so that its offer
 * carries them (docs/calls.md "The first call", wire §20.4): it goes `candidateSettle` after the
 * first candidate, at once when gathering completes, and after `firstCallHold` at the latest.
 * Its lifecycle is machines/first-call-machine.ts; the dialer (dialer.ts) holds one only while it
 * is held or settling, so `go` and `drop` each come once.
 */
import type { CallTiming } from '../constants';
import { createFirstCallMachine, FirstCallState } from '../machines/first-call-machine';
import type { Scheduler, TimerHandle } from '../../shared/time/scheduler';

/** What the link has gathered when dialing starts (PeerLink.gathered). */
export type Gathered = 'none' | 'some' | 'complete';

export class FirstCall {
  private readonly machine = createFirstCallMachine();
  private readonly timers: TimerHandle[] = [];

  /** Held from now; `candidateSeen` when the link has already gathered one. */
  constructor(
    private readonly clock: Pick<Scheduler, 'setTimeout' | 'clearTimeout'>,
    private readonly timing: Pick<CallTiming, 'firstCallHold' | 'candidateSettle'>,
    private readonly send: () => void,
    candidateSeen: boolean,
  ) {
    this.timers.push(clock.setTimeout(() => this.go(), timing.firstCallHold));
    if (candidateSeen) this.candidate();
  }

  /** A local candidate was gathered: the first starts the settle; later ones belong to that burst. */
  candidate(): void {
    if (this.machine.state === FirstCallState.SETTLING) return;
    this.machine.transition(FirstCallState.SETTLING);
    this.timers.push(this.clock.setTimeout(() => this.go(), this.timing.candidateSettle));
  }

  /** Gathering completed or a timer ran out: the call goes now. */
  go(): void {
    this.machine.transition(FirstCallState.SENT);
    this.clearTimers();
    this.send();
  }

  /** Dialing ended first: the call is never sent. */
  drop(): void {
    this.machine.transition(FirstCallState.DROPPED);
    this.clearTimers();
  }

  private clearTimers(): void {
    for (const timer of this.timers.splice(0)) this.clock.clearTimeout(timer);
  }
}
