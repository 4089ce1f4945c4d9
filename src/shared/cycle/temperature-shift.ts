/**
 * The temperature shift by the three-over-six rule (symptothermal method, Sensiplan): three
 * consecutive recorded temperatures all above the highest of the six recorded before them (the
 * cover line), the third at least {@link MIN_THIRD_RISE} °C above it. If the third falls short, a
 * fourth above the cover line completes the shift (the rule's first exception). Ovulation is taken
 * as the day before the first high temperature.
 */
import type { CycleDay, TemperatureShift } from './types';

export const MIN_THIRD_RISE = 0.2;
const LOW_COUNT = 6;

function round2(n: number): number {
  return Math.round(n * 100) / 100;
}

/** The first shift of the cycle, or null; cycle days are 1-based positions in `days`. */
export function findTemperatureShift(days: readonly CycleDay[]): TemperatureShift | null {
  const recorded = days.flatMap((d, i) => (d.temperature === null ? [] : [{ day: i + 1, t: d.temperature }]));
  for (let k = LOW_COUNT; k + 2 < recorded.length; k++) {
    const low = recorded.slice(k - LOW_COUNT, k);
    const cover = Math.max(...low.map((r) => r.t));
    const [a, b, c, d] = recorded.slice(k, k + 4);
    if (!(a!.t > cover && b!.t > cover && c!.t > cover)) continue;
    const confirmed = c!.t >= cover + MIN_THIRD_RISE - 1e-9 || (d !== undefined && d.t > cover);
    if (!confirmed) continue;
    const high = recorded.slice(k).map((r) => r.t);
    const lowMean = low.reduce((s, r) => s + r.t, 0) / low.length;
    const highMean = high.reduce((s, t) => s + t, 0) / high.length;
    return { shiftDay: a!.day, coverLine: round2(cover), shift: round2(highMean - lowMean) };
  }
  return null;
}
