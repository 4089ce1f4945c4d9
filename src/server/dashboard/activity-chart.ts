/**
 * The dashboard's weekly activity drawn by ECharts' server-side rendering (docs/performance.md
 * "Route budgets"): the same option the portal's bar charts use (src/app/features/dashboard/bar-chart.tsx),
 * stacked, drawn to SVG with `ssr: true` so the bars carry ECharts' `ecmeta_*` attributes for the
 * portal's `echarts/ssr/client` hydration. The portal's Content-Security-Policy allows no inline
 * styles (docs/security.md), so ECharts' hover `<style>` block is dropped and its text styles
 * become SVG presentation attributes; the portal styles hover itself. Text (series names, dates)
 * is escaped by ECharts.
 */
import type { QueryOut } from '../../shared/api/endpoint';
import type { getDashboardChart } from '../../shared/api/dashboard';
import { legendLayout } from '../../shared/chart-legend';
import { THEME_COLOUR } from '../../shared/constants';
import { formatLocalDate } from '../../shared/time/format';
import { renderChartSvg } from '../cycle-data/pdf/render-chart';
import type { Week } from './weekly-activity';

type ChartQuery = QueryOut<typeof getDashboardChart>;

/** The series colours of the dashboard (as src/app/features/dashboard/dashboard-view.tsx had them). */
export const ACTIVITY_COLOURS = {
  completed: THEME_COLOUR,
  upcoming: '#c4a1fb',
  cancelled: '#f87171',
} as const;

/** CSS properties of ECharts' text that SVG also takes as presentation attributes. */
const PRESENTATION = new Set(['font-size', 'font-family', 'font-weight', 'font-style']);

/** `style="a:b;c:d"` → `a="b" c="d"` for the properties above; others are dropped. */
export function withoutInlineStyles(svg: string): string {
  return svg
    .replace(/<style\b[^>]*>[\s\S]*?<\/style>/g, '')
    .replace(/ style="([^"]*)"/g, (_, declarations: string) =>
      declarations
        .split(';')
        .map((d) => d.split(':').map((part) => part.trim()))
        .filter(([name, value]) => name && value && PRESENTATION.has(name))
        .map(([name, value]) => ` ${name}="${value}"`)
        .join(''),
    );
}

export function activityOption(weeks: readonly Week[], query: ChartQuery) {
  const series = (['completed', 'upcoming', 'cancelled'] as const).map((key) => ({
    name: query[key],
    type: 'bar',
    data: weeks.map((w) => w[key]),
    itemStyle: { color: ACTIVITY_COLOURS[key] },
    stack: 'total',
  }));
  // Drawn at the width asked for: the legend wraps to it, the bars start below it (ECharts' 12 px text).
  const layout = legendLayout(
    series.map((s) => s.name),
    { width: query.width, fontSize: 12, axisNameAbove: false },
  );
  return {
    animation: false,
    grid: { left: 48, right: 16, top: layout.top, bottom: 28 },
    // Toggling series would need a new drawing: the legend only names them.
    legend: { ...layout.legend, selectedMode: false },
    xAxis: {
      type: 'category',
      data: weeks.map((w) => formatLocalDate(w.weekStart, query.lang, { day: 'numeric', month: 'short' })),
    },
    yAxis: { type: 'value', minInterval: 1 },
    series,
  };
}

export function renderActivityChart(weeks: readonly Week[], query: ChartQuery): string {
  return withoutInlineStyles(renderChartSvg(activityOption(weeks, query), query.width, query.height));
}
