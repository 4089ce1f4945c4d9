/**
 * The balance's bar chart: the option for the shared lazily loaded Chart (components/chart), with
 * ECharts' bars only, loaded once the chart nears the viewport (below the fold on a phone).
 * Stacked series share one category axis. The dashboard's own chart is drawn on the server
 * (activity-chart.tsx) with this option's settings.
 */
import { useMemo } from 'react';
import { legendLayout } from '../../../shared/chart-legend';
import { Chart } from '../../components/chart';

export interface BarSeries {
  name: string;
  values: number[];
  color: string;
}

export function BarChart({
  label,
  categories,
  series,
  stacked = false,
  formatValue,
}: {
  label: string;
  categories: string[];
  series: BarSeries[];
  stacked?: boolean;
  formatValue?(value: number): string;
}) {
  const option = useMemo(() => {
    // Its width follows the box: the legend scrolls in one row (src/shared/chart-legend.ts).
    const layout = legendLayout(
      series.map((s) => s.name),
      { fontSize: 12, axisNameAbove: false },
    );
    return {
      grid: { left: 48, right: 16, top: layout.top, bottom: 28 },
      legend: { ...layout.legend, show: series.length > 1 },
      tooltip: {
        trigger: 'axis',
        ...(formatValue ? { valueFormatter: (v: unknown) => formatValue(Number(v)) } : {}),
      },
      xAxis: { type: 'category', data: categories },
      yAxis: {
        type: 'value',
        minInterval: 1,
        ...(formatValue ? { axisLabel: { formatter: (v: number) => formatValue(v) } } : {}),
      },
      series: series.map((s) => ({
        name: s.name,
        type: 'bar',
        data: s.values,
        itemStyle: { color: s.color },
        ...(stacked ? { stack: 'total' } : {}),
      })),
    };
  }, [categories, series, stacked, formatValue]);
  const summary = series.map((s) => `${s.name}: ${s.values.join(', ')}`).join('; ');
  return <Chart option={option} label={label} summary={summary} engine="bars" whenNear />;
}
