/** Display formats shared by the workspace screens: money (spec §9: USD shows $), dates and times. */
import { CURRENCY_SYMBOLS } from '../../shared/constants';

/**
 * A calendar date `YYYY-MM-DD` (an availability date, a member's day) in the reader's language,
 * never moved to another day by a time zone (issue 26: no ISO dates on screen).
 */
export { formatLocalDate } from '../../shared/cycle/format';

/** `$85.00` for USD (spec §9); other currencies by their code, `EUR 85.00`. */
export function formatMoney(amountCents: number, currency: string, language = 'en'): string {
  const number = new Intl.NumberFormat(language, {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  }).format(amountCents / 100);
  const symbol = CURRENCY_SYMBOLS[currency];
  return symbol
    ? `${amountCents < 0 ? '-' : ''}${symbol}${number.replace('-', '')}`
    : `${currency} ${number}`;
}

/** Intl formatters are costly to make and lists format many times: one per language and style. */
const formatters = new Map<string, Intl.DateTimeFormat>();
export function dateTimeFormat(language: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${language}|${JSON.stringify(options)}`;
  let format = formatters.get(key);
  if (!format) formatters.set(key, (format = new Intl.DateTimeFormat(language, options)));
  return format;
}

/** An instant (ISO text or epoch milliseconds) as date and time; '—' for none. */
export function formatDateTime(when: string | number | null, language: string, timeZone?: string): string {
  if (when === null || when === '') return '—';
  return dateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(when));
}

export function formatTime(iso: string, language: string, timeZone?: string): string {
  return dateTimeFormat(language, { timeStyle: 'short', ...(timeZone ? { timeZone } : {}) }).format(
    new Date(iso),
  );
}
