/**
 * ECharts options for the cycle charts (spec §7 "Content and cycle data"), shared by the portal's
 * screens and the server's PDF (src/server/cycle-data/pdf): plain objects, no ECharts import, so
 * both draw the same chart. Callers pass the labels in the reader's language.
 *
 * Chart types used: line, bar, scatter; components: grid, legend, title, tooltip, markLine,
 * markArea, markPoint. Register these with `echarts/core` before `setOption`.
 */
import type { CycleAnalysis, CycleDay, CycleStatistics } from './types';

export type ChartOption = Record<string, unknown>;

export interface ChartLabels {
  temperature: string;
  temperatureUnit: string;
  lh: string;
  lhUnit: string;
  coverLine: string;
  ovulation: string;
  period: string;
  fertileWindow: string;
  cycleDay: string;
  cycle: string;
  follicular: string;
  luteal: string;
  days: string;
  mean: string;
  anovulatory: string;
  unmeasured: string;
}

export const ENGLISH_CHART_LABELS: ChartLabels = {
  temperature: 'Basal body temperature',
  temperatureUnit: '°C',
  lh: 'LH',
  lhUnit: 'mIU/mL',
  coverLine: 'Cover line',
  ovulation: 'Ovulation',
  period: 'Period',
  fertileWindow: 'Fertile window',
  cycleDay: 'Cycle day',
  cycle: 'Cycle',
  follicular: 'Follicular phase',
  luteal: 'Luteal phase',
  days: 'days',
  mean: 'mean',
  anovulatory: 'No ovulation',
  unmeasured: 'Ovulation not measured',
};

export const CHART_COLORS = {
  temperature: '#c2185b',
  lh: '#5c6bc0',
  coverLine: '#616161',
  ovulation: '#2e7d32',
  period: 'rgba(229, 57, 53, 0.15)',
  fertileWindow: 'rgba(67, 160, 71, 0.15)',
  follicular: '#90caf9',
  luteal: '#f48fb1',
  unmeasured: '#e0e0e0',
  overlay: ['#c2185b', '#1e88e5', '#43a047', '#fb8c00', '#8e24aa', '#00897b', '#6d4c41', '#546e7a'],
} as const;

const TEXT = { fontFamily: 'Helvetica, Arial, sans-serif', fontSize: 11 };

/**
 * Mark labels without ECharts' white text outline: its SVG relies on `paint-order`, which the PDF
 * drawing (svg-to-pdfkit) ignores, painting the outline over the text.
 */
const PLAIN_LABEL = { color: '#333', textBorderWidth: 0, textBorderColor: 'none' };

/** The temperature axis range: whole tenths around the readings, at least 35.8–37.2 °C. */
function temperatureRange(temperatures: number[]): { min: number; max: number } {
  const lo = Math.min(35.8, ...temperatures);
  const hi = Math.max(37.2, ...temperatures);
  return { min: Math.floor(lo * 10) / 10, max: Math.ceil(hi * 10) / 10 };
}

/** The period days of a cycle as [first, last] cycle days, or null. */
function periodSpan(cycle: CycleAnalysis): [number, number] | null {
  return cycle.periodLength > 0 ? [1, cycle.periodLength] : null;
}

/**
 * One cycle: the temperature curve with its cover line and the ovulation marker, LH readings as
 * bars on a second axis, and the period and fertile window shaded; x is the cycle day.
 */
export function cycleChartOption(
  cycle: CycleAnalysis,
  days: readonly CycleDay[],
  labels: ChartLabels = ENGLISH_CHART_LABELS,
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
        formatter: `${labels.coverLine} ${cycle.temperature.coverLine.toFixed(2)}`,
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
  return {
    animation: false,
    textStyle: TEXT,
    legend: { top: 0, data: [labels.temperature, labels.lh] },
    tooltip: { trigger: 'axis' },
    grid: { left: 56, right: 56, top: 36, bottom: 40 },
    xAxis: { type: 'category', data: xs, name: labels.cycleDay, nameLocation: 'middle', nameGap: 26 },
    yAxis: [
      {
        type: 'value',
        name: labels.temperatureUnit,
        min: range.min,
        max: range.max,
        interval: 0.2,
        axisLabel: { formatter: (v: number) => v.toFixed(1) },
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
        itemStyle: { color: CHART_COLORS.temperature },
        lineStyle: { color: CHART_COLORS.temperature, width: 2 },
        markLine: { symbol: 'none', silent: true, label: PLAIN_LABEL, data: lines },
        markArea: { silent: true, data: areas },
      },
      {
        name: labels.lh,
        type: 'bar',
        yAxisIndex: 1,
        data: days.map((d) => d.lh),
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
 * each with its ovulation day marked.
 */
export function overlayChartOption(
  cycles: readonly OverlayCycle[],
  labels: ChartLabels = ENGLISH_CHART_LABELS,
): ChartOption {
  const longest = Math.max(1, ...cycles.map((c) => c.days.length));
  const temps = cycles.flatMap((c) => c.days.flatMap((d) => (d.temperature === null ? [] : [d.temperature])));
  const range = temperatureRange(temps);
  const names = cycles.map((c) => `${labels.cycle} ${c.cycle.number} (${c.cycle.startDate})`);
  return {
    animation: false,
    textStyle: TEXT,
    legend: { top: 0, data: names },
    tooltip: { trigger: 'axis' },
    // Room for a legend of up to two rows above the axis name.
    grid: { left: 56, right: 24, top: cycles.length > 3 ? 76 : 52, bottom: 40 },
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
      axisLabel: { formatter: (v: number) => v.toFixed(1) },
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

/**
 * Follicular and luteal phases of each cycle as stacked bars, with the mean ± SD of each phase
 * across the cycles in the legend; a cycle without a measured ovulation (anovulatory, or only a
 * calendar estimate) is one grey bar of its length, labelled.
 */
export function phaseChartOption(
  cycles: readonly CycleAnalysis[],
  statistics: CycleStatistics,
  labels: ChartLabels = ENGLISH_CHART_LABELS,
): ChartOption {
  const names = cycles.map((c) => `${labels.cycle} ${c.number}`);
  const measured = (c: CycleAnalysis) =>
    c.ovulation.method !== 'NONE' && c.ovulation.method !== 'CALENDAR' && c.lutealLength !== null;
  const mean = (s: CycleStatistics['lutealLength']) =>
    s.mean === null ? '' : `${labels.mean} ${s.mean}${s.sd === null ? '' : ` ± ${s.sd}`} ${labels.days}`;
  return {
    animation: false,
    textStyle: TEXT,
    legend: {
      top: 0,
      data: [labels.follicular, labels.luteal],
      formatter: (name: string) =>
        `${name} (${mean(name === labels.follicular ? statistics.follicularLength : statistics.lutealLength)})`,
    },
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 110, right: 24, top: 36, bottom: 36 },
    xAxis: { type: 'value', name: labels.days, nameLocation: 'middle', nameGap: 24 },
    yAxis: { type: 'category', data: names, inverse: true },
    series: [
      {
        name: labels.follicular,
        type: 'bar',
        stack: 'phases',
        data: cycles.map((c) => (measured(c) ? c.follicularLength : null)),
        itemStyle: { color: CHART_COLORS.follicular },
        label: { show: true, position: 'inside' },
      },
      {
        name: labels.luteal,
        type: 'bar',
        stack: 'phases',
        data: cycles.map((c) => (measured(c) ? c.lutealLength : null)),
        itemStyle: { color: CHART_COLORS.luteal },
        label: { show: true, position: 'inside' },
      },
      {
        name: labels.unmeasured,
        type: 'bar',
        stack: 'phases',
        data: cycles.map((c) =>
          measured(c)
            ? null
            : {
                value: c.length,
                label: {
                  show: true,
                  position: 'inside',
                  formatter: `${c.ovulation.method === 'NONE' ? labels.anovulatory : labels.unmeasured} (${c.length} ${labels.days})`,
                },
              },
        ),
        itemStyle: { color: CHART_COLORS.unmeasured },
      },
    ],
  };
}
