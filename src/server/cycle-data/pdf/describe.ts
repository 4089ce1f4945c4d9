/**
 * The wording of the analysis in a PDF (docs/entities.md "Cycle data"), in the reader's language
 * and time zone (issue 26): the figures written as the portal writes them (src/shared/cycle
 * format.ts), the member's dates as her calendar's dates, the time the PDF was made in the
 * provider's time zone, and only text the standard PDF fonts can draw.
 */
import {
  type ChartLabels,
  type CycleAnalysis,
  type CycleFlag,
  formatTemperature,
  type HistoryFlag,
  type Statistic,
  statisticLine,
} from '../../../shared/cycle';
import type { Language } from '../../../shared/constants';
import { dateTimeFormat, formatDateTime, formatLocalDate } from '../../../shared/time/format';
import { fill, fillCounted, PDF_WORDS, type PdfWords } from './text/pdf-text';

export interface PdfLocale {
  language: Language;
  /** The provider's time zone: the time the PDF was made is hers. */
  timeZone: string;
  words: PdfWords;
}

export function pdfLocale(language: Language, timeZone: string): PdfLocale {
  return { language, timeZone, words: PDF_WORDS[language] };
}

/**
 * Characters beyond Latin-1 that the standard fonts' WinAnsiEncoding draws (PDF 32000-1 Annex D);
 * PDFKit writes any other one as garbage, so it is replaced.
 */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** `text` as the standard fonts can draw it: Intl's narrow and thin spaces become spaces. */
export function pdfSafe(text: string): string {
  return text
    .replace(/[\u2007\u2009\u202f]/g, '\u00a0')
    .replace(/[^\t\n\u0020-\u00ff]/g, (c) => (WIN_ANSI_EXTRA.has(c) ? c : '?'));
}

/** A date of the member's calendar, e.g. `2 Nov 2026`, `02.11.2026`. */
export function memberDate(locale: PdfLocale, date: string): string {
  return formatLocalDate(date, locale.language);
}

/** An instant in the provider's time zone, with the zone's short name: `28 Nov 2026, 10:05 CET`. */
export function providerTime(locale: PdfLocale, at: Date): string {
  return `${formatDateTime(at, locale.language, locale.timeZone)} ${zoneName(locale, at)}`;
}

function zoneName(locale: PdfLocale, at: Date): string {
  const parts = dateTimeFormat(locale.language, {
    timeZone: locale.timeZone,
    timeZoneName: 'short',
  }).formatToParts(at);
  return parts.find((p) => p.type === 'timeZoneName')?.value ?? locale.timeZone;
}

export function chartLabels(locale: PdfLocale): ChartLabels {
  return { ...locale.words.chart, language: locale.language, temperatureUnit: '°C' };
}

export function daysText(locale: PdfLocale, count: number): string {
  return fillCounted(locale.language, locale.words.days, count);
}

export function flagsText(locale: PdfLocale, flags: readonly (CycleFlag | HistoryFlag)[]): string {
  return flags.length === 0 ? locale.words.none : flags.map((f) => locale.words.flags[f]).join('; ');
}

/** A statistic as the portal writes it (`28.9 ± 2.3 (28–34)`) with its unit and how many cycles. */
export function statisticText(locale: PdfLocale, s: Statistic, kind: 'days' | 'day' = 'days'): string {
  if (s.mean === null) return locale.words.notEnoughData;
  const counted = kind === 'day' ? locale.words.dayStatistic : locale.words.statistic;
  return fillCounted(locale.language, counted, s.n, { line: statisticLine(s, locale.language) });
}

export function ovulationText(locale: PdfLocale, c: CycleAnalysis): string {
  if (c.ovulation.day === null || c.ovulation.date === null) return locale.words.methods.NONE;
  return fill(locale.words.ovulation, {
    day: c.ovulation.day,
    date: memberDate(locale, c.ovulation.date),
    method: locale.words.methods[c.ovulation.method],
  });
}

/** `Cycle 8 (2 Nov 2026, running)`. */
export function cycleRef(locale: PdfLocale, c: CycleAnalysis): string {
  return fill(c.complete ? locale.words.cycleRef : locale.words.cycleRefRunning, {
    number: c.number,
    date: memberDate(locale, c.startDate),
  });
}

/** A temperature (°C) as the portal writes it (src/shared/cycle/format.ts formatTemperature). */
export function temperature(locale: PdfLocale, value: number): string {
  return formatTemperature(value, locale.language);
}
