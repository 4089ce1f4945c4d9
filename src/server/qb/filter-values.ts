/**
 * Values of list filters (docs/wire/hosted-chat.md §4, §5, §7), checked against the column they are
 * compared with: a value no such column can hold is a 422 naming the field, never a database
 * error (docs/security.md "Chat-service input").
 */
import { INT4_MAX } from './params';
import { QbError } from './wire';

// PostgreSQL timestamps start in 4713 BC, JavaScript dates in 271821 BC: years 1–9999 suit both.
const EARLIEST = Date.parse('0001-01-01T00:00:00Z');
const LATEST = Date.parse('9999-12-31T23:59:59Z');

/** The value as shown in an error: long input is cut. */
const shown = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text);

/** A whole number for an `integer` (32) or `bigint` (64) column. */
export function wholeNumber(field: string, text: string, bits: 32 | 64): number {
  if (!/^-?\d+$/.test(text)) throw QbError.invalid(field, `${shown(text)} is not a whole number`);
  const n = Number(text);
  if (!Number.isSafeInteger(n) || (bits === 32 && Math.abs(n) > INT4_MAX))
    throw QbError.invalid(field, `${shown(text)} is out of range`);
  return n;
}

/** A date from Unix seconds or an ISO text, between the years 1 and 9999. */
export function dateTime(field: string, text: string): Date {
  const date = /^-?\d+(\.\d+)?$/.test(text) ? new Date(Number(text) * 1000) : new Date(text);
  const ms = date.getTime();
  if (Number.isNaN(ms) || ms < EARLIEST || ms > LATEST)
    throw QbError.invalid(field, `${shown(text)} is not a date between the years 1 and 9999`);
  return date;
}
