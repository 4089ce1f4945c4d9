/**
 * A bar chart drawn with ECharts, loaded lazily (DESIGN.md §3: ECharts is lazy) so the dashboard's
 * first paint does not wait for it. Stacked series share one category axis.
 */
import { useEffect, useRef } from 'react';

export interface BarSeries {
  name: string;
  values: number[];
  color: string;
}

async function loadECharts() {
  const [core, charts, components, renderers] = await Promise.all([
    import('echarts/core'),
    import('echarts/charts'),
    import('echarts/components'),
    import('echarts/renderers'),
  ]);
  core.use([
    charts.BarChart,
    components.GridComponent,
    components.TooltipComponent,
    components.LegendComponent,
    renderers.CanvasRenderer,
  ]);
  return core;
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
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    let disposed = false;
    let dispose = () => {};
    void loadECharts().then((echarts) => {
      if (disposed || !ref.current) return;
      const chart = echarts.init(ref.current);
      chart.setOption({
        grid: { left: 48, right: 16, top: 36, bottom: 28 },
        legend: { top: 0, show: series.length > 1 },
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
      });
      const observer = new ResizeObserver(() => chart.resize());
      observer.observe(ref.current);
      dispose = () => {
        observer.disconnect();
        chart.dispose();
      };
    });
    return () => {
      disposed = true;
      dispose();
    };
  }, [categories, series, stacked, formatValue]);
  const summary = series.map((s) => `${s.name}: ${s.values.join(', ')}`).join('; ');
  return <div ref={ref} role="img" aria-label={`${label}. ${summary}`} className="h-64 w-full" />;
}
