/**
 * The two timers of an ICE restart (wire §20.7): after iceConnectWait without ICE back, the
 * restart; and disconnectTimeInterval after the loss in all, giving up.
 */
import type { CallTiming } from '../constants';
import type { Scheduler, TimerHandle } from '../../shared/time/scheduler';

export class RestartTimers {
  private iceWait: TimerHandle | null = null;
  private disconnect: TimerHandle | null = null;

  constructor(
    private readonly clock: Pick<Scheduler, 'setTimeout' | 'clearTimeout'>,
    private readonly timing: Pick<CallTiming, 'iceConnectWait' | 'disconnectTimeInterval'>,
  ) {}

  /** One of the timers runs: a restart is under way until ICE is back or it gives up. */
  get running(): boolean {
    return this.iceWait !== null || this.disconnect !== null;
  }

  /** `back` says whether ICE came back meanwhile, in which case nothing more happens. */
  start(back: () => boolean, restart: () => void, giveUp: () => void): void {
    this.iceWait = this.clock.setTimeout(() => {
      this.iceWait = null;
      if (back()) return;
      this.disconnect = this.clock.setTimeout(
        () => {
          this.disconnect = null;
          giveUp();
        },
        Math.max(0, this.timing.disconnectTimeInterval - this.timing.iceConnectWait),
      );
      restart();
    }, this.timing.iceConnectWait);
  }

  clear(): void {
    if (this.iceWait !== null) this.clock.clearTimeout(this.iceWait);
    if (this.disconnect !== null) this.clock.clearTimeout(this.disconnect);
    this.iceWait = null;
    this.disconnect = null;
  }
}
