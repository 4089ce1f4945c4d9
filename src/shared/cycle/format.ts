/**
 * Cycle figures as text in the reader's language (issue 26), the same on every screen and in every
 * PDF: means and spreads with one decimal, ranges and counts in whole days, temperatures with two
 * (dates: src/shared/time/format.ts). Formatting is `Intl`'s, so 13.8 reads 13,8 in German.
 */
import { numberFormat } from '../intl-format';
import type { Statistic } from './types';

/** A statistic in parts: `13.8`, `± 1.3`, `12–16` (a single value when the range is one day), n. */
export interface StatisticText {
  mean: string;
  spread: string;
  range: string;
  n: number;
}

const DASH = '—';

/** `language`'s formatter with `least` to `most` decimals (src/shared/intl-format.ts: made once). */
const decimals = (language: string, least: number, most: number) =>
  numberFormat(language, { minimumFractionDigits: least, maximumFractionDigits: most });

/** One decimal, always: 28.0, 4.3, 13,8. */
export function formatDecimal(value: number, language: string): string {
  return decimals(language, 1, 1).format(value);
}

/**
 * A temperature with two decimals, always, as it is recorded (a BBT shift is a few tenths): 36.40,
 * 97.52, 36,43 in German. The one rule for temperatures on the charts' axes, tooltips and cover
 * line, the summaries beside them, the daily chart's table and the PDFs, so 36.4 never sits next
 * to 36.40. LH readings likewise have one rule (formatLh).
 */
export function formatTemperature(value: number, language: string): string {
  return decimals(language, 2, 2).format(value);
}

/** An LH reading (mIU/mL) with at most one decimal, as recorded: 12, 36.7, 36,7 in French. */
export function formatLh(value: number, language: string): string {
  return decimals(language, 0, 1).format(value);
}

/** A whole number of days: 28. */
export function formatWhole(value: number, language: string): string {
  return decimals(language, 0, 0).format(value);
}

export function formatStatistic(stat: Statistic, language: string): StatisticText {
  const range =
    stat.min === null || stat.max === null
      ? DASH
      : stat.min === stat.max
        ? formatWhole(stat.min, language)
        : `${formatWhole(stat.min, language)}–${formatWhole(stat.max, language)}`;
  return {
    mean: stat.mean === null ? DASH : formatDecimal(stat.mean, language),
    spread: stat.sd === null ? DASH : `± ${formatDecimal(stat.sd, language)}`,
    range,
    n: stat.n,
  };
}

/** A statistic on one line: `28.9 ± 2.3 (28–34)`, `21.0 (21)` with a single value, `—` without any. */
export function statisticLine(stat: Statistic, language: string): string {
  const f = formatStatistic(stat, language);
  if (stat.mean === null) return DASH;
  return `${f.mean}${stat.sd === null ? '' : ` ${f.spread}`} (${f.range})`;
}
