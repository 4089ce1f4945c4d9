/**
 * Display formats shared by the workspace screens: money (spec §9: USD shows $), and the dates and
 * times the server writes too (src/shared/time/format.ts, issue 26: no ISO dates on screen).
 */
import { CURRENCY_SYMBOLS } from '../../shared/constants';
import { numberFormat } from '../../shared/intl-format';

export { dateTimeFormat, formatDateTime, formatLocalDate, formatTime } from '../../shared/time/format';
export { numberFormat };

/** `$85.00` for USD (spec §9); other currencies by their code, `EUR 85.00`. */
export function formatMoney(amountCents: number, currency: string, language = 'en'): string {
  const number = numberFormat(language, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    amountCents / 100,
  );
  const symbol = CURRENCY_SYMBOLS[currency];
  return symbol
    ? `${amountCents < 0 ? '-' : ''}${symbol}${number.replace('-', '')}`
    : `${currency} ${number}`;
}
