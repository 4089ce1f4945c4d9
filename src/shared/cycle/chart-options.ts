/**
 * ECharts options for the cycle charts (spec §7 "Content and cycle data"), shared by the portal's
 * screens and the server's PDF (src/server/cycle-data/pdf): plain objects, no ECharts import, so
 * both draw the same chart. Callers pass the labels in the reader's language.
 *
 * Chart types used: line, bar, scatter; components: grid, legend, title, tooltip, markLine,
 * markArea, markPoint. Register these with `echarts/core` before `setOption`.
 */
import {
  CHART_COLORS,
  type ChartLabels,
  type ChartOption,
  ENGLISH_CHART_LABELS,
  PLAIN_LABEL,
  temperatureRange,
  TEXT,
} from './chart-labels';
import { legendLayout } from '../chart-legend';
import { formatLocalDate } from '../time/format';
import { formatLh, formatTemperature } from './format';
import type { CycleAnalysis, CycleDay } from './types';

export { CHART_COLORS, type ChartLabels, type ChartOption, ENGLISH_CHART_LABELS } from './chart-labels';
export { phaseChartOption } from './phase-chart-option';

/** Temperatures in tooltips as everywhere (format.ts formatTemperature). */
function temperatureTooltip(language: string) {
  return (value: unknown) => (typeof value === 'number' ? formatTemperature(value, language) : '—');
}

/** LH readings in tooltips as everywhere (format.ts formatLh). */
function lhTooltip(language: string) {
  return (value: unknown) => (typeof value === 'number' ? formatLh(value, language) : '—');
}

/** The period days of a cycle as [first, last] cycle days, or null. */
function periodSpan(cycle: CycleAnalysis): [number, number] | null {
  return cycle.periodLength > 0 ? [1, cycle.periodLength] : null;
}

/**
 * One cycle: the temperature curve with its cover line and the ovulation marker, LH readings as
 * bars on a second axis, and the period and fertile window shaded; x is the cycle day. `width`: the
 * width the chart is drawn at when it is fixed (a PDF), for its legend's rows (src/shared/chart-legend.ts).
 */
export function cycleChartOption(
  cycle: CycleAnalysis,
  days: readonly CycleDay[],
  labels: ChartLabels = ENGLISH_CHART_LABELS,
  width?: number,
): ChartOption {
  const xs = days.map((_, i) => String(i + 1));
  const temps = days.flatMap((d) => (d.temperature === null ? [] : [d.temperature]));
  const range = temperatureRange(temps);
  const areas: unknown[] = [];
  const period = periodSpan(cycle);
  if (period) {
    areas.push([
      { name: labels.period, xAxis: String(period[0]), itemStyle: { color: CHART_COLORS.period } },
      { xAxis: String(period[1]) },
    ]);
  }
  if (cycle.fertileWindow) {
    areas.push([
      {
        name: labels.fertileWindow,
        xAxis: String(cycle.fertileWindow.startDay),
        itemStyle: { color: CHART_COLORS.fertileWindow },
      },
      { xAxis: String(cycle.fertileWindow.endDay) },
    ]);
  }
  const lines: unknown[] = [];
  if (cycle.temperature) {
    lines.push({
      name: labels.coverLine,
      yAxis: cycle.temperature.coverLine,
      lineStyle: { color: CHART_COLORS.coverLine, type: 'dashed' },
      label: {
        formatter: `${labels.coverLine} ${formatTemperature(cycle.temperature.coverLine, labels.language)}`,
        position: 'insideEndTop',
      },
    });
  }
  if (cycle.ovulation.day !== null && cycle.ovulation.day <= days.length) {
    lines.push({
      name: labels.ovulation,
      xAxis: String(cycle.ovulation.day),
      lineStyle: { color: CHART_COLORS.ovulation, type: 'solid', width: 2 },
      label: { formatter: labels.ovulation, position: 'end', ...PLAIN_LABEL },
    });
  }
  const legend = [labels.temperature, labels.lh];
  const layout = legendLayout(legend, { width, fontSize: TEXT.fontSize, axisNameAbove: true });
  return {
    animation: false,
    textStyle: TEXT,
    legend: { ...layout.legend, data: legend },
    tooltip: { trigger: 'axis' },
    grid: { left: 56, right: 56, top: layout.top, bottom: 40 },
    xAxis: { type: 'category', data: xs, name: labels.cycleDay, nameLocation: 'middle', nameGap: 26 },
    yAxis: [
      {
        type: 'value',
        name: labels.temperatureUnit,
        min: range.min,
        max: range.max,
        interval: 0.2,
        axisLabel: { formatter: (v: number) => formatTemperature(v, labels.language) },
      },
      { type: 'value', name: labels.lhUnit, min: 0, splitLine: { show: false } },
    ],
    series: [
      {
        name: labels.temperature,
        type: 'line',
        yAxisIndex: 0,
        data: days.map((d) => d.temperature),
        connectNulls: true,
        symbolSize: 5,
        tooltip: { valueFormatter: temperatureTooltip(labels.language) },
        itemStyle: { color: CHART_COLORS.temperature },
        lineStyle: { color: CHART_COLORS.temperature, width: 2 },
        markLine: { symbol: 'none', silent: true, label: PLAIN_LABEL, data: lines },
        // Inside the top of their days: above the plot is the ovulation line's label, and the
        // fertile window ends on the ovulation day.
        markArea: { silent: true, label: { position: 'insideTop', ...PLAIN_LABEL }, data: areas },
      },
      {
        name: labels.lh,
        type: 'bar',
        yAxisIndex: 1,
        data: days.map((d) => d.lh),
        tooltip: { valueFormatter: lhTooltip(labels.language) },
        barMaxWidth: 6,
        itemStyle: { color: CHART_COLORS.lh, opacity: 0.7 },
      },
    ],
  };
}

export interface OverlayCycle {
  cycle: CycleAnalysis;
  days: readonly CycleDay[];
}

/**
 * Several cycles' temperature curves on one axis of cycle days (the overlay of 1, 3 or 6 cycles),
 * each with its ovulation day marked; `width` as for cycleChartOption.
 */
export function overlayChartOption(
  cycles: readonly OverlayCycle[],
  labels: ChartLabels = ENGLISH_CHART_LABELS,
  width?: number,
): ChartOption {
  const longest = Math.max(1, ...cycles.map((c) => c.days.length));
  const temps = cycles.flatMap((c) => c.days.flatMap((d) => (d.temperature === null ? [] : [d.temperature])));
  const range = temperatureRange(temps);
  const names = cycles.map(
    (c) =>
      `${labels.cycle} ${c.cycle.number} (${formatLocalDate(c.cycle.startDate, labels.language)}` +
      `${c.cycle.complete ? '' : `, ${labels.running}`})`,
  );
  const layout = legendLayout(names, { width, fontSize: TEXT.fontSize, axisNameAbove: true });
  return {
    animation: false,
    textStyle: TEXT,
    legend: { ...layout.legend, data: names },
    tooltip: { trigger: 'axis' },
    grid: { left: 56, right: 24, top: layout.top, bottom: 40 },
    xAxis: {
      type: 'category',
      data: Array.from({ length: longest }, (_, i) => String(i + 1)),
      name: labels.cycleDay,
      nameLocation: 'middle',
      nameGap: 26,
    },
    yAxis: {
      type: 'value',
      name: labels.temperatureUnit,
      min: range.min,
      max: range.max,
      interval: 0.2,
      axisLabel: { formatter: (v: number) => formatTemperature(v, labels.language) },
    },
    series: cycles.map((c, i) => {
      const color = CHART_COLORS.overlay[i % CHART_COLORS.overlay.length];
      const ov = c.cycle.ovulation.day;
      return {
        name: names[i],
        type: 'line',
        data: c.days.map((d) => d.temperature),
        connectNulls: true,
        symbolSize: 3,
        tooltip: { valueFormatter: temperatureTooltip(labels.language) },
        itemStyle: { color },
        lineStyle: { color, width: 1.5 },
        markPoint:
          ov !== null && ov <= c.days.length && c.days[ov - 1]?.temperature != null
            ? {
                symbol: 'pin',
                symbolSize: 26,
                label: { fontSize: 9, formatter: String(ov) },
                data: [{ name: labels.ovulation, coord: [String(ov), c.days[ov - 1]!.temperature] }],
              }
            : undefined,
      };
    }),
  };
}
