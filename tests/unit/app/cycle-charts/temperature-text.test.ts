/**
 * One rule for temperatures (src/shared/cycle/format.ts formatTemperature): the cycle chart's axis,
 * tooltip and cover line and the summary beside it (and on the call's shared canvas) write a
 * temperature with the same two decimals, so 36.4 never sits next to 36.40. An LH reading is
 * written the reader's way too (formatLh), on the chart's tooltip as in the daily chart and PDFs.
 */
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { cycleChart, cycleSummary } from '../../../../src/app/components/cycle-charts/cycle-chart-option';
import {
  blankDay,
  type ChartLabels,
  type CycleAnalysis,
  ENGLISH_CHART_LABELS,
  formatLh,
  formatTemperature,
  overlayChartOption,
} from '../../../../src/shared/cycle';

const cycle: CycleAnalysis = {
  number: 3,
  startDate: '2026-10-01',
  endDate: '2026-10-28',
  complete: true,
  length: 28,
  periodLength: 5,
  ovulation: { day: 14, date: '2026-10-14', method: 'TEMPERATURE' },
  temperature: { shiftDay: 15, coverLine: 36.4, shift: 0.3 },
  lhPeaks: [],
  follicularLength: 14,
  lutealLength: 14,
  fertileWindow: null,
  flags: [],
};
const days = Array.from({ length: 28 }, (_, i) => ({
  ...blankDay(`2026-10-${String(i + 1).padStart(2, '0')}`),
  temperature: i < 14 ? 36.3 : 36.7,
}));

/** `t` of 'charts' that writes the key and the value it was given. */
const t = ((key: string, options?: { value?: string }) =>
  options?.value ? `${key} ${options.value}` : key) as unknown as TFunction<'charts'>;

type Series = {
  tooltip?: { valueFormatter(v: unknown): string };
  markLine?: { data: Array<{ label: { formatter: string } }> };
};
type Axis = { axisLabel?: { formatter(v: number): string } };

describe.each([
  ['en', '36.40'],
  ['de', '36,40'],
  ['fr', '36,40'],
])('temperatures in %s', (language, written) => {
  const labels: ChartLabels = { ...ENGLISH_CHART_LABELS, language };

  it('are written with two decimals everywhere', () => {
    expect(formatTemperature(36.4, language)).toBe(written);
    expect(formatTemperature(36.432, language)).toBe(written.replace('40', '43'));
  });

  it('read the same in the summary as on the chart: axis, tooltip and cover line', () => {
    const { shown, option } = cycleChart(cycle, days, 'C', labels);
    expect(cycleSummary(shown, 'C', t, language)).toContain(`${written} °C`);
    const axis = (option.yAxis as Axis[])[0]!;
    const series = (option.series as Series[])[0]!;
    expect(axis.axisLabel!.formatter(36.4)).toBe(written);
    expect(series.tooltip!.valueFormatter(36.4)).toBe(written);
    expect(series.markLine!.data[0]!.label.formatter).toContain(written);
    const overlay = overlayChartOption([{ cycle, days }], labels);
    expect((overlay.yAxis as Axis).axisLabel!.formatter(36.4)).toBe(written);
  });
});

describe.each([
  ['en', '36.7'],
  ['de', '36,7'],
  ['fr', '36,7'],
])('LH readings in %s', (language, written) => {
  it('are written with at most one decimal, on the chart as elsewhere', () => {
    expect(formatLh(36.7, language)).toBe(written);
    expect(formatLh(12, language)).toBe('12');
    const { option } = cycleChart(cycle, days, 'C', { ...ENGLISH_CHART_LABELS, language });
    const lh = (option.series as Series[])[1]!;
    expect(lh.tooltip!.valueFormatter(36.7)).toBe(written);
  });
});
