/** Stats sampling per connection (wire §20.8 "Stats"), keeping the previous sample for bitrates. */
import { readStats, reportEntries, type StatsBaseline } from '../media/stats';
import type { Scheduler } from '../../shared/time/scheduler';
import type { CallStats } from '../types';

const baselines = new WeakMap<RTCPeerConnection, StatsBaseline>();

export async function sampleStats(clock: Pick<Scheduler, 'now'>, pc: RTCPeerConnection): Promise<CallStats> {
  const report = await pc.getStats();
  const { stats, baseline } = readStats(reportEntries(report), clock.now(), baselines.get(pc) ?? null);
  baselines.set(pc, baseline);
  return stats;
}
