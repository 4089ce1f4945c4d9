/**
 * The shared chart options (src/shared/cycle/chart-options.ts) drawn by the server's ECharts SSR
 * (src/server/cycle-data/pdf/render-chart.ts), as the PDFs draw them: the cover line and the
 * ovulation marker are there with readable labels, anovulatory cycles are marked as such, and in
 * another language every word and date of them is that language's (issue 26).
 */
import { describe, expect, it } from 'vitest';
import { cycleFixtures } from '../../../fixtures';
import { chartLabels, pdfLocale } from '../../../src/server/cycle-data/pdf/describe';
import { renderChartSvg } from '../../../src/server/cycle-data/pdf/render-chart';
import { generateCycleData, type CyclePlan } from '../../../src/server/seed/cycle-generator';
import {
  analyseHistory,
  cycleChartOption,
  overlayChartOption,
  phaseChartOption,
  splitCycles,
} from '../../../src/shared/cycle';

const data = generateCycleData(cycleFixtures.members.daniela as CyclePlan, '2026-11-23');
const history = analyseHistory(data.days);
const spans = splitCycles(data.days);

describe('cycle charts', () => {
  it('draw one cycle with its cover line, ovulation marker, period and fertile window', () => {
    const cycle = history.cycles[0]!;
    const svg = renderChartSvg(cycleChartOption(cycle, spans[0]!.days), 700, 300);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).toContain(`Cover line ${cycle.temperature!.coverLine.toFixed(2)}`);
    expect(svg).toContain('>Ovulation<');
    // Mark labels have no white outline (the PDF would paint it over the text).
    expect(svg).not.toMatch(/stroke="rgb\(255,255,255\)"[^>]*>Cover line/);
  });

  it('overlay cycles by cycle day and mark cycles without a measured ovulation in the phase chart', () => {
    const complete = history.cycles.filter((c) => c.complete);
    const overlay = renderChartSvg(
      overlayChartOption(complete.map((c) => ({ cycle: c, days: spans[c.number - 1]!.days }))),
      700,
      300,
    );
    expect(overlay).toContain('Cycle 1 (Jan 25, 2026)');
    const phases = renderChartSvg(phaseChartOption(complete, history.statistics), 700, 260);
    expect(phases.match(/No ovulation \(\d+ days\)/g)).toHaveLength(2);
    expect(phases).toContain(`mean ${history.statistics.lutealLength.mean!.toFixed(1)}`);
  });

  it('draw the running cycle in the overlay and the phase chart, named as running', () => {
    const latest = history.cycles.slice(-3);
    const overlay = renderChartSvg(
      overlayChartOption(latest.map((c) => ({ cycle: c, days: spans[c.number - 1]!.days }))),
      700,
      300,
    );
    expect(overlay).toContain('Cycle 7 (Nov 4, 2026, running)');
    const phases = renderChartSvg(phaseChartOption(latest, history.statistics), 700, 260);
    expect(phases).toContain('Cycle 7 (running)');
  });

  for (const language of ['es', 'de', 'fr', 'it'] as const) {
    it(`in ${language}: the overlay's legend and the marks name cycles and dates in ${language}`, () => {
      const labels = chartLabels(pdfLocale(language, 'Europe/Paris'));
      const latest = history.cycles.slice(-3);
      const overlay = renderChartSvg(
        overlayChartOption(
          latest.map((c) => ({ cycle: c, days: spans[c.number - 1]!.days })),
          labels,
        ),
        700,
        300,
      );
      const cycle = renderChartSvg(
        cycleChartOption(latest[0]!, spans[latest[0]!.number - 1]!.days, labels),
        700,
        300,
      );
      for (const svg of [overlay, cycle]) {
        expect(svg).not.toMatch(/\d{4}-\d{2}-\d{2}/);
        expect(svg).not.toMatch(/>[^<]*\b(running|Cover line|Ovulation day|Temperature|Cycle day)\b[^<]*</);
      }
      const start = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(
        new Date(`${latest[2]!.startDate}T12:00:00Z`),
      );
      expect(overlay).toContain(`(${start}, ${labels.running})`);
    });
  }
});
