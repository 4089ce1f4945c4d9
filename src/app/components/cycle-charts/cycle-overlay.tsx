/**
 * Cycles laid over each other (spec §7 "Content and cycle data"): the temperature curves of the
 * last 1, 3 or 6 cycles, the running one included (issue 26), aligned by cycle day, each with its
 * ovulation day, and the statistics of those cycles (follicular and luteal length, cycle length,
 * ovulation day: mean, spread, range) — the same cycles and figures as the comparison PDF. Both
 * charts are drawn once they come near the viewport (src/app/components/chart/chart.tsx `whenNear`).
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  cycleStatistics,
  formatStatistic,
  latestCycles,
  overlayChartOption,
  phaseChartOption,
  type CycleAnalysis,
  type CycleDay,
  type Statistic,
} from '../../../shared/cycle';
import { Chart } from '../chart';
import { cycleInUnit, daysInUnit, fitTemperatureAxis, useChartLabels } from './chart-input';
import { daysOfCycle, OVERLAY_COUNTS, type OverlayCount } from './cycle-days';
import type { TemperatureUnit } from './units';

/** Which cycles are shown: `(cycle 8, running)`, `(cycles 3–8, 8 running)`. */
function overlayRange(
  selected: readonly CycleAnalysis[],
  t: (key: string, options?: Record<string, unknown>) => string,
): string {
  const first = selected[0];
  const last = selected.at(-1);
  if (!first || !last) return '';
  return t(last.complete ? 'overlayCycles' : 'overlayCyclesRunning', {
    count: selected.length,
    first: first.number,
    last: last.number,
  });
}

function StatisticRow({ label, stat }: { label: string; stat: Statistic }) {
  const { t, i18n } = useTranslation('charts');
  const f = formatStatistic(stat, i18n.language);
  return (
    <tr>
      <th scope="row" className="py-1 pr-4 text-left font-medium text-slate-700">
        {label}
      </th>
      <td className="py-1 pr-4">{f.mean === '—' ? '—' : t('daysValue', { value: f.mean })}</td>
      <td className="py-1 pr-4">{f.spread}</td>
      <td className="py-1 pr-4">{f.range}</td>
      <td className="py-1">{f.n}</td>
    </tr>
  );
}

/**
 * `count` and `onCountChange` make the choice the caller's (the report screen's comparison PDF
 * follows it); without them the overlay keeps its own, starting at `initialCount`.
 */
export function CycleOverlay({
  cycles,
  days,
  unit,
  initialCount = 3,
  count: chosenCount,
  onCountChange,
}: {
  cycles: readonly CycleAnalysis[];
  days: readonly CycleDay[];
  unit: TemperatureUnit;
  initialCount?: OverlayCount;
  count?: OverlayCount;
  onCountChange?: (count: OverlayCount) => void;
}) {
  const { t } = useTranslation('charts');
  const labels = useChartLabels(unit);
  const [ownCount, setOwnCount] = useState<OverlayCount>(initialCount);
  const count = chosenCount ?? ownCount;
  const setCount = (n: OverlayCount) => (onCountChange ? onCountChange(n) : setOwnCount(n));
  const selected = useMemo(() => latestCycles(cycles, count), [cycles, count]);
  const overlay = useMemo(() => {
    const input = selected.map((cycle) => ({
      cycle: cycleInUnit(cycle, unit),
      days: daysInUnit(daysOfCycle(days, cycle), unit),
    }));
    return fitTemperatureAxis(
      overlayChartOption(input, labels),
      input.flatMap((c) => c.days),
      unit,
      null,
    );
  }, [selected, days, unit, labels]);
  const statistics = useMemo(() => cycleStatistics(selected), [selected]);
  const phases = useMemo(
    () => phaseChartOption(selected, statistics, labels),
    [selected, statistics, labels],
  );
  return (
    <section className="flex flex-col gap-3" aria-label={t('overlayTitle')}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold">
          {t('overlayTitle')} <span className="font-normal text-slate-600">{overlayRange(selected, t)}</span>
        </h3>
        <div role="radiogroup" aria-label={t('overlayCount')} className="flex gap-1">
          {OVERLAY_COUNTS.map((n) => (
            <button
              key={n}
              type="button"
              role="radio"
              aria-checked={count === n}
              onClick={() => setCount(n)}
              className={`rounded-full px-3 py-1 text-sm ${count === n ? 'bg-brand text-white' : 'bg-white text-slate-700 ring-1 ring-slate-200'}`}
            >
              {t('cyclesN', { count: n })}
            </button>
          ))}
        </div>
      </div>
      <Chart
        option={overlay}
        label={t('overlayTitle')}
        summary={t('overlaySummary', { count: selected.length })}
        heightClass="h-80"
        testId="cycle-overlay"
        whenNear
      />
      <table className="text-sm">
        <caption className="mb-1 text-left font-semibold">
          {t('phaseStatistics', { count: selected.length })}
        </caption>
        <thead>
          <tr className="text-left text-slate-500">
            {(['phase', 'mean', 'spread', 'range', 'cyclesCounted'] as const).map((key) => (
              <th key={key} scope="col" className="pr-4 font-medium last:pr-0">
                {t(key)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          <StatisticRow label={t('follicular')} stat={statistics.follicularLength} />
          <StatisticRow label={t('luteal')} stat={statistics.lutealLength} />
          <StatisticRow label={t('cycleLength')} stat={statistics.cycleLength} />
          <StatisticRow label={t('ovulationDay')} stat={statistics.ovulationDay} />
        </tbody>
      </table>
      <Chart option={phases} label={t('phaseChart')} heightClass="h-56" testId="phase-chart" whenNear />
    </section>
  );
}
