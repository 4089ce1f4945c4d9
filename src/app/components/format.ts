/** Display formats shared by the workspace screens: money (spec §9: USD shows $) and times. */
import { CURRENCY_SYMBOLS } from '../../shared/constants';

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

export function formatDateTime(iso: string | null, language: string, timeZone?: string): string {
  if (!iso) return '—';
  return new Intl.DateTimeFormat(language, {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone ? { timeZone } : {}),
  }).format(new Date(iso));
}

export function formatTime(iso: string, language: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(language, { timeStyle: 'short', ...(timeZone ? { timeZone } : {}) }).format(
    new Date(iso),
  );
}
