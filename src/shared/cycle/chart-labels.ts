/**
 * What the cycle charts share (src/shared/cycle/chart-options.ts, phase-chart-option.ts): the
 * option type, the labels the caller passes in the reader's language, colours, text styles and
 * the temperature axis.
 */

export type ChartOption = Record<string, unknown>;

export interface ChartLabels {
  /** The reader's language: numbers and dates in the charts are formatted in it (`Intl`). */
  language: string;
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
  /** The cycle still running (issue 26: overlays and PDFs include it). */
  running: string;
  /** The days after ovulation of a cycle that ended in a pregnancy or runs into one. */
  pregnancy: string;
}

export const ENGLISH_CHART_LABELS: ChartLabels = {
  language: 'en',
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
  running: 'running',
  pregnancy: 'pregnancy',
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
  /** The days after ovulation so far (running) or of a pregnancy: the luteal colour, lighter. */
  afterOvulation: '#f8c6d8',
  unmeasured: '#e0e0e0',
  overlay: ['#c2185b', '#1e88e5', '#43a047', '#fb8c00', '#8e24aa', '#00897b', '#6d4c41', '#546e7a'],
} as const;

export const TEXT = { fontFamily: 'Helvetica, Arial, sans-serif', fontSize: 11 };

/**
 * Mark labels without ECharts' white text outline: its SVG relies on `paint-order`, which the PDF
 * drawing (svg-to-pdfkit) ignores, painting the outline over the text.
 */
export const PLAIN_LABEL = { color: '#333', textBorderWidth: 0, textBorderColor: 'none' };

/** The temperature axis range: whole tenths around the readings, at least 35.8–37.2 °C. */
export function temperatureRange(temperatures: number[]): { min: number; max: number } {
  const lo = Math.min(35.8, ...temperatures);
  const hi = Math.max(37.2, ...temperatures);
  return { min: Math.floor(lo * 10) / 10, max: Math.ceil(hi * 10) / 10 };
}
