/**
 * The phase chart (docs/entities.md "Cycle data" "Charts"): each cycle's follicular and luteal
 * phase as stacked bars, shared by the portal and the PDFs like the other chart options.
 */
import { legendLayout } from '../chart-legend';
import { CHART_COLORS, type ChartLabels, type ChartOption, ENGLISH_CHART_LABELS, TEXT } from './chart-labels';
import { hasMeasuredOvulation } from './compare-cycles';
import { formatDecimal } from './format';
import type { CycleAnalysis, CycleStatistics } from './types';

/** A bar's label that would still cover another is left out rather than drawn over it. */
const HIDE_OVERLAP = { hideOverlap: true };

/**
 * Follicular and luteal phases of each cycle as stacked bars, with the mean ± SD of each phase
 * across the cycles in the legend. A running cycle or one that ended in a pregnancy with a measured
 * ovulation shows its days after ovulation in a lighter bar, labelled; a cycle without a measured
 * ovulation (anovulatory, only a calendar estimate, or running without one yet) is one grey bar of
 * its length, labelled. `width`: the width the chart is drawn at when it is fixed (a PDF), for its
 * legend's rows (src/shared/chart-legend.ts).
 */
export function phaseChartOption(
  cycles: readonly CycleAnalysis[],
  statistics: CycleStatistics,
  labels: ChartLabels = ENGLISH_CHART_LABELS,
  width?: number,
): ChartOption {
  const names = cycles.map((c) => `${labels.cycle} ${c.number}${c.complete ? '' : ` (${labels.running})`}`);
  const mean = (s: CycleStatistics['lutealLength']) =>
    s.mean === null
      ? ''
      : `${labels.mean} ${formatDecimal(s.mean, labels.language)}` +
        `${s.sd === null ? '' : ` ± ${formatDecimal(s.sd, labels.language)}`} ${labels.days}`;
  const legendText = (name: string) => {
    const m = mean(name === labels.follicular ? statistics.follicularLength : statistics.lutealLength);
    return m === '' ? name : `${name} (${m})`;
  };
  const pregnant = (c: CycleAnalysis) => c.flags.includes('POSITIVE_PREGNANCY_TEST');
  const afterOvulation = (c: CycleAnalysis) => {
    if (c.lutealLength !== null) return c.lutealLength;
    const days = c.length - c.follicularLength!;
    if (days <= 0) return null;
    return {
      value: days,
      itemStyle: { color: CHART_COLORS.afterOvulation },
      // After the bar: a few days are narrower than their words.
      label: {
        show: true,
        position: 'right',
        formatter: `${days} (${pregnant(c) ? labels.pregnancy : labels.running})`,
      },
    };
  };
  const withoutOvulation = (c: CycleAnalysis) =>
    `${c.ovulation.method === 'NONE' ? labels.anovulatory : c.complete ? labels.unmeasured : labels.running} ` +
    `(${c.length} ${labels.days})`;
  const phases = [labels.follicular, labels.luteal];
  const layout = legendLayout(phases.map(legendText), {
    width,
    fontSize: TEXT.fontSize,
    axisNameAbove: false,
  });
  return {
    animation: false,
    textStyle: TEXT,
    legend: { ...layout.legend, data: phases, formatter: legendText },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 110, right: 24, top: layout.top, bottom: 36 },
    xAxis: { type: 'value', name: labels.days, nameLocation: 'middle', nameGap: 24 },
    yAxis: { type: 'category', data: names, inverse: true },
    series: [
      {
        name: labels.follicular,
        type: 'bar',
        stack: 'phases',
        data: cycles.map((c) => (hasMeasuredOvulation(c) ? c.follicularLength : null)),
        itemStyle: { color: CHART_COLORS.follicular },
        label: { show: true, position: 'inside' },
        labelLayout: HIDE_OVERLAP,
      },
      {
        name: labels.luteal,
        type: 'bar',
        stack: 'phases',
        data: cycles.map((c) => (hasMeasuredOvulation(c) ? afterOvulation(c) : null)),
        itemStyle: { color: CHART_COLORS.luteal },
        label: { show: true, position: 'inside' },
        labelLayout: HIDE_OVERLAP,
      },
      {
        name: labels.unmeasured,
        type: 'bar',
        stack: 'phases',
        data: cycles.map((c) =>
          hasMeasuredOvulation(c)
            ? null
            : {
                value: c.length,
                // From the bar's start: centred, a long text spilled onto the cycle's name.
                label: { show: true, position: 'insideLeft', formatter: withoutOvulation(c) },
              },
        ),
        itemStyle: { color: CHART_COLORS.unmeasured },
        labelLayout: HIDE_OVERLAP,
      },
    ],
  };
}
