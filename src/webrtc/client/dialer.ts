/**
 * Dialing one peer (wire §20.4): `call` once the first local candidates are in its offer, then
 * every dialingTimeInterval until the answer time. A callee given the caller's candidates with the
 * offer checks them as soon as it answers; the SDK's own re-sent calls carry them the same way
 * (docs/calls.md "The first call").
 */
import type { CallTiming } from '../constants';
import type { RepeatingScheduler, TimerHandle } from '../../shared/time/scheduler';
import { FirstCall, type Gathered } from './first-call';

export class Dialer {
  private timer: TimerHandle | null = null;
  /** The first `call` of the current dial while it is held for the first local candidates (first-call.ts). */
  private firstCall: FirstCall | null = null;

  constructor(
    private readonly clock: RepeatingScheduler,
    private readonly timing: CallTiming,
  ) {}

  get dialing(): boolean {
    return this.timer !== null;
  }

  /**
   * Starts dialing; `noAnswer` runs once the answer time has passed, after dialing has stopped.
   * The timer is set first: a carrier may deliver the `accept` while the first `call` is being sent.
   */
  start(sendCall: () => void, gathered: Gathered, noAnswer: () => void): void {
    let elapsed = 0;
    this.timer = this.clock.setInterval(() => {
      elapsed += this.timing.dialingTimeInterval;
      if (elapsed < this.timing.answerTimeInterval) {
        sendCall();
        return;
      }
      this.stop();
      noAnswer();
    }, this.timing.dialingTimeInterval);
    if (gathered === 'complete') {
      sendCall();
      return;
    }
    // Forgotten once sent: what the link reports after that is no longer the first call's.
    this.firstCall = new FirstCall(
      this.clock,
      this.timing,
      () => {
        this.firstCall = null;
        sendCall();
      },
      gathered === 'some',
    );
  }

  /** The link gathered a local candidate (`complete` false), or finished gathering (true). */
  gathering(complete: boolean): void {
    if (complete) this.firstCall?.go();
    else this.firstCall?.candidate();
  }

  /** Ends dialing; a first `call` still held is never sent (a hang-up during the hold sends no `call`). */
  stop(): void {
    this.firstCall?.drop();
    this.firstCall = null;
    if (this.timer !== null) this.clock.clearInterval(this.timer);
    this.timer = null;
  }
}
