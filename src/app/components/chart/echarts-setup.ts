/**
 * The only modules that import ECharts: `echarts/core` with just the chart types, components and
 * renderer the portal draws (docs/architecture.md §4: ECharts is loaded lazily and tree-shaken).
 * This one holds what every chart needs — bars on a grid, legend, tooltip, SVG — and is all the
 * dashboard loads; echarts-setup-cycle.ts adds the lines and markers of the cycle charts. Loaded
 * by chart.tsx on first use, so no route's own chunk carries ECharts.
 *
 * SVG rather than canvas: the charts are small (a cycle is at most a few hundred points), text
 * stays selectable and zooms sharply, and the markers are in the DOM for tests and screen readers.
 */
import { BarChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use as register } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';
import LRU from 'zrender/lib/core/LRU.js';
import { guardTextCaches } from '../../../shared/chart-text-cache';

let registered = false;

/**
 * A chart in `element`, drawn as SVG. Registration happens here rather than at the top level: the
 * package declares only CSS as having side effects, so a top-level call would be tree-shaken away.
 */
export function initChart(element: HTMLElement) {
  if (!registered) {
    // docs/security.md "Chart text": before the first chart measures any text.
    guardTextCaches(LRU);
    register([BarChart, GridComponent, LegendComponent, TooltipComponent, SVGRenderer]);
    registered = true;
  }
  return init(element, undefined, { renderer: 'svg' });
}

/**
 * The option drawn once, without a DOM (ECharts' server-side mode), as an SVG document of
 * `width`×`height`: the call's shared canvas draws it (features/calls/share-canvas.ts), sharp at
 * any scale since it stays vector until then. No animation: the one frame is the final one.
 */
export function renderSvg(option: Record<string, unknown>, width: number, height: number): string {
  if (!registered) initChart(document.createElement('div')).dispose();
  const chart = init(null, undefined, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption({ ...option, animation: false });
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}
