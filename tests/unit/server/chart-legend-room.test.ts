/**
 * Charts leave room for their legend in every language (docs/architecture.md §3 "Charts leave room
 * for their legend", src/shared/chart-legend.ts): the cycle, overlay and phase charts and the
 * dashboard's activity chart, in German and French, laid out by ECharts itself (its server-side
 * rendering, as the PDFs draw them), on a phone's width and a desktop's where the width follows the
 * box and at the PDF's width where it is fixed. The legend's last row ends above the plot and above
 * the axis names over it. In every language no two labels of a chart overlap (issue 26: chart
 * labels do not overlap in de/fr), where each was drawn.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as echarts from 'echarts/core';
import { describe, expect, it } from 'vitest';
import { cycleFixtures } from '../../../fixtures';
import { chartLabels as pdfChartLabels, pdfLocale } from '../../../src/server/cycle-data/pdf/describe';
// Registers the chart types and components the options use (echarts.use).
import '../../../src/server/cycle-data/pdf/render-chart';
import { activityOption } from '../../../src/server/dashboard/activity-chart';
import { generateCycleData, type CyclePlan } from '../../../src/server/seed/cycle-generator';
import {
  analyseHistory,
  type ChartLabels,
  type ChartOption,
  cycleChartOption,
  overlayChartOption,
  phaseChartOption,
  splitCycles,
} from '../../../src/shared/cycle';
import { ROOT } from '../../support/stack';

const LANGUAGES = ['de', 'fr'] as const;
/** A phone, a narrow column, a desktop. */
const SCREEN_WIDTHS = [320, 360, 700];
/** The PDF's chart width (src/server/cycle-data/pdf/cycle-pdf.ts). */
const PDF_WIDTH = 515;

const data = generateCycleData(cycleFixtures.members.daniela as CyclePlan, '2026-11-23');
const history = analyseHistory(data.days);
const spans = splitCycles(data.days);
const latest = history.cycles.slice(-6);
const overlay = latest.map((c) => ({ cycle: c, days: spans[c.number - 1]!.days }));

function locale(language: string, namespace: string): Record<string, unknown> {
  return JSON.parse(
    readFileSync(path.join(ROOT, 'src/app/i18n/locales', language, `${namespace}.json`), 'utf8'),
  ) as Record<string, unknown>;
}

/** The portal's chart words (as components/cycle-charts/chart-input.ts chartLabels has them). */
function screenLabels(language: string): ChartLabels {
  const words = locale(language, 'charts') as Record<keyof ChartLabels, string>;
  return { ...words, language, temperatureUnit: '°C' };
}

/** Where ECharts put the legend's last row, and the top of the plot and of the axis names above it. */
function laidOut(option: ChartOption, width: number, height: number) {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption(option);
    // ECharts' models and views: the layout it made, read where it keeps it.
    const inner = chart as unknown as {
      getModel(): { getComponent(type: string, index?: number): unknown };
      getViewOfComponentModel(model: unknown): {
        group: { y: number; getBoundingRect(): { y: number; height: number } };
      };
    };
    const model = inner.getModel();
    const view = (type: string, index = 0) => {
      const component = model.getComponent(type, index);
      return component ? inner.getViewOfComponentModel(component).group : null;
    };
    const legend = view('legend')!;
    const box = legend.getBoundingRect();
    const grid = (model.getComponent('grid') as { coordinateSystem: { getRect(): { y: number } } })
      .coordinateSystem;
    const axisTops = [0, 1].flatMap((i) => {
      const axis = view('yAxis', i);
      return axis ? [axis.y + axis.getBoundingRect().y] : [];
    });
    return { legendBottom: legend.y + box.y + box.height, plotTop: Math.min(grid.getRect().y, ...axisTops) };
  } finally {
    chart.dispose();
  }
}

function expectRoom(option: ChartOption, width: number, height: number) {
  const { legendBottom, plotTop } = laidOut(option, width, height);
  expect(legendBottom, `legend ends at ${legendBottom}, the plot starts at ${plotTop}`).toBeLessThanOrEqual(
    plotTop,
  );
}

/** A scroll legend's page indicator (`1/6`): the entries it sits beside are clipped under it. */
const PAGER = /^\d+\/\d+$/;

/**
 * Every text ECharts drew, where it drew it (its display list after a render: what the SVG holds),
 * and each pair of them that overlap by more than a pixel both ways.
 */
function drawnTexts(option: ChartOption, width: number, height: number) {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width, height });
  try {
    chart.setOption(option);
    chart.renderToSVGString();
    type Drawn = {
      type: string;
      style?: { text?: unknown };
      transform?: number[] | null;
      getBoundingRect(): { clone(): Rect };
    };
    type Rect = { x: number; y: number; width: number; height: number; applyTransform(m: number[]): void };
    const zr = chart.getZr() as unknown as { storage: { getDisplayList(update: boolean): Drawn[] } };
    const texts = zr.storage
      .getDisplayList(true)
      .filter((el) => el.type === 'tspan' && String(el.style?.text ?? '').trim() !== '')
      .map((el) => {
        const r = el.getBoundingRect().clone();
        if (el.transform) r.applyTransform(el.transform);
        return { text: String(el.style!.text), x: r.x, y: r.y, w: r.width, h: r.height };
      });
    const overlapping: string[] = [];
    for (const [a, p] of texts.entries())
      for (const q of texts.slice(a + 1)) {
        if (PAGER.test(p.text) || PAGER.test(q.text)) continue;
        const dx = Math.min(p.x + p.w, q.x + q.w) - Math.max(p.x, q.x);
        const dy = Math.min(p.y + p.h, q.y + q.h) - Math.max(p.y, q.y);
        if (dx > 1 && dy > 1) overlapping.push(`${JSON.stringify(p.text)} over ${JSON.stringify(q.text)}`);
      }
    return { texts: texts.map((t) => t.text), overlapping };
  } finally {
    chart.dispose();
  }
}

describe.each(['en', 'es', 'de', 'fr', 'it'] as const)('chart labels in %s', (language) => {
  it('never overlap: marks, areas, bars and axes of every cycle, on screens and on paper', () => {
    const labels = screenLabels(language);
    const paper = pdfChartLabels(pdfLocale(language, 'Europe/Berlin'));
    const found: string[] = [];
    const check = (name: string, option: ChartOption, width: number, height: number) =>
      found.push(...drawnTexts(option, width, height).overlapping.map((o) => `${name} at ${width}: ${o}`));
    for (const [i, c] of latest.entries()) {
      for (const width of SCREEN_WIDTHS)
        check(`cycle ${c.number}`, cycleChartOption(c, overlay[i]!.days, labels), width, 300);
      check(`cycle ${c.number} PDF`, cycleChartOption(c, overlay[i]!.days, paper, PDF_WIDTH), PDF_WIDTH, 260);
    }
    for (const width of SCREEN_WIDTHS) {
      check('overlay', overlayChartOption(overlay, labels), width, 300);
      check('phases', phaseChartOption(latest, history.statistics, labels), width, 260);
    }
    check('overlay PDF', overlayChartOption(overlay, paper, PDF_WIDTH), PDF_WIDTH, 260);
    check('phases PDF', phaseChartOption(latest, history.statistics, paper, PDF_WIDTH), PDF_WIDTH, 216);
    expect(found).toEqual([]);
  });

  it('still name the running cycle and the fertile window on a phone', () => {
    const labels = screenLabels(language);
    const phases = drawnTexts(phaseChartOption(latest, history.statistics, labels), 320, 260).texts;
    expect(phases.some((t) => t.includes(`(${labels.running})`))).toBe(true);
    const withWindow = latest.findIndex((c) => c.fertileWindow !== null && c.ovulation.day !== null);
    const cycle = drawnTexts(
      cycleChartOption(latest[withWindow]!, overlay[withWindow]!.days, labels),
      320,
      300,
    ).texts;
    expect(cycle).toEqual(expect.arrayContaining([labels.fertileWindow, labels.ovulation]));
  });
});

describe.each(LANGUAGES)('charts in %s', (language) => {
  it('on a screen: the legend scrolls in one row above the axis names, at any width', () => {
    const labels = screenLabels(language);
    const options = {
      cycle: cycleChartOption(latest[0]!, overlay[0]!.days, labels),
      overlay: overlayChartOption(overlay, labels),
      phases: phaseChartOption(latest, history.statistics, labels),
    };
    for (const [name, option] of Object.entries(options)) {
      expect((option.legend as { type?: string }).type, name).toBe('scroll');
      for (const width of SCREEN_WIDTHS) expectRoom(option, width, name === 'phases' ? 260 : 300);
    }
  });

  it('in a PDF: the legend wraps onto as many rows as it needs, and the plot starts below them', () => {
    const labels = pdfChartLabels(pdfLocale(language, 'Europe/Berlin'));
    const options = {
      cycle: cycleChartOption(latest[0]!, overlay[0]!.days, labels, PDF_WIDTH),
      overlay: overlayChartOption(overlay, labels, PDF_WIDTH),
      phases: phaseChartOption(latest, history.statistics, labels, PDF_WIDTH),
    };
    for (const [name, option] of Object.entries(options)) {
      // Every entry shows on paper: no page of the legend is hidden behind arrows.
      expect((option.legend as { type?: string }).type, name).toBeUndefined();
      expectRoom(option, PDF_WIDTH, name === 'phases' ? 216 : 260);
    }
    // Six cycles' names with their dates do not fit one row of the page.
    const { legendBottom } = laidOut(options.overlay, PDF_WIDTH, 260);
    expect(legendBottom).toBeGreaterThan(30);
  });

  it("on the dashboard's server-drawn chart: the legend wraps above the bars on a phone", () => {
    const status = locale(language, 'workspace').status as Record<string, string>;
    const weeks = ['2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23'].map((weekStart, i) => ({
      weekStart,
      completed: i,
      upcoming: 1,
      cancelled: 1,
    }));
    for (const width of [240, 320, 480]) {
      const query = {
        lang: language,
        width,
        height: 256,
        completed: status.COMPLETED!,
        upcoming: status.UPCOMING!,
        cancelled: status.CANCELLED!,
      };
      expectRoom(activityOption(weeks, query) as ChartOption, width, 256);
    }
  });
});
