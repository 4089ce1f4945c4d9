/**
 * The cycle charts' part of ECharts (src/shared/cycle/chart-options.ts): lines with mark lines,
 * areas and points, and the label layout that leaves out a bar's label that would cover another
 * (the phase chart), on top of echarts-setup.ts. Loaded by chart.tsx for charts that ask for it,
 * so the dashboard's bars do not carry it (docs/performance.md "Route budgets").
 */
import { LineChart } from 'echarts/charts';
import { MarkAreaComponent, MarkLineComponent, MarkPointComponent } from 'echarts/components';
import { use as register } from 'echarts/core';
import { LabelLayout } from 'echarts/features';
import { initChart as initBarChart, renderSvg as renderBarSvg } from './echarts-setup';

let registered = false;

/** A chart in `element` that may also draw lines and markers (registered on first use, as there). */
export function initChart(element: HTMLElement) {
  if (!registered) {
    register([LineChart, MarkLineComponent, MarkAreaComponent, MarkPointComponent, LabelLayout]);
    registered = true;
  }
  return initBarChart(element);
}

/** The option as an SVG document, lines and markers included (echarts-setup.ts `renderSvg`). */
export function renderSvg(option: Record<string, unknown>, width: number, height: number): string {
  if (!registered) initChart(document.createElement('div')).dispose();
  return renderBarSvg(option, width, height);
}
