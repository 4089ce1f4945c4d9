/**
 * LH surges in one cycle: runs of positive readings (at least {@link LH_POSITIVE} mIU/mL, the
 * usual cut-off of home ovulation tests), a single untested day inside a run not breaking it; each
 * run's peak is its highest reading. Ovulation follows the peak by about a day.
 */
import type { CycleDay, LhPeak } from './types';

export const LH_POSITIVE = 25;

export function findLhPeaks(days: readonly CycleDay[]): LhPeak[] {
  const peaks: LhPeak[] = [];
  let current: LhPeak | null = null;
  let gap = 0;
  days.forEach((d, i) => {
    if (d.lh === null) {
      gap += 1;
      if (gap > 1 && current) {
        peaks.push(current);
        current = null;
      }
      return;
    }
    gap = 0;
    if (d.lh >= LH_POSITIVE) {
      if (!current || d.lh > current.value) current = { day: i + 1, date: d.date, value: d.lh };
    } else if (current) {
      peaks.push(current);
      current = null;
    }
  });
  if (current) peaks.push(current);
  return peaks;
}
