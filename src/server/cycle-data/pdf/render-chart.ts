/**
 * Draws a chart option (src/shared/cycle/chart-options.ts) to an SVG string with ECharts'
 * server-side rendering, so the PDF holds the same chart the portal shows. Only the chart types
 * and components the options use are registered (the tooltip only so that ECharts does not warn).
 */
import { BarChart, LineChart } from 'echarts/charts';
import {
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  MarkPointComponent,
  TitleComponent,
  TooltipComponent,
} from 'echarts/components';
import * as echarts from 'echarts/core';
import { LabelLayout } from 'echarts/features';
import { SVGRenderer } from 'echarts/renderers';
import LRU from 'zrender/lib/core/LRU.js';
import { guardTextCaches } from '../../../shared/chart-text-cache';
import type { ChartOption } from '../../../shared/cycle';

guardTextCaches(LRU);

echarts.use([
  LineChart,
  BarChart,
  GridComponent,
  LegendComponent,
  MarkAreaComponent,
  MarkLineComponent,
  MarkPointComponent,
  TitleComponent,
  TooltipComponent,
  LabelLayout,
  SVGRenderer,
]);

export function renderChartSvg(option: ChartOption, width: number, height: number): string {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption(option);
    return chart.renderToSVGString();
  } finally {
    chart.dispose();
  }
}
