/**
 * Dates and times as text in the reader's language, the same in the portal, the server's mail and
 * notification text and its PDFs (issue 26: no ISO dates on screen). Formatting is `Intl`'s;
 * formatters are costly to make and lists format many times, so there is one per language and style
 * (src/shared/intl-format.ts).
 */

import { dateTimeFormat } from '../intl-format';
import { deviceTimeZone } from './device-zone';

export { dateTimeFormat };

/**
 * A date of a calendar (`YYYY-MM-DD`: a member's day, an availability date, a week's Monday) in
 * the reader's language, e.g. `17 Nov 2026`: formatted at noon UTC in UTC, so no time zone moves it
 * to another day.
 */
export function formatLocalDate(
  date: string,
  language: string,
  style: Intl.DateTimeFormatOptions = { dateStyle: 'medium' },
): string {
  return dateTimeFormat(language, { ...style, timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
}

/**
 * An instant (ISO text or epoch milliseconds) as date and time in `timeZone`; '—' for none. The zone
 * is always given: the reader's saved one, never the environment's (issue 26 "Her language, her
 * time zone").
 */
export function formatDateTime(
  when: string | number | Date | null,
  language: string,
  timeZone: string,
): string {
  if (when === null || when === '') return '—';
  return dateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
    new Date(when),
  );
}

/** An instant's time of day in `timeZone`. */
export function formatTime(when: string | number | Date, language: string, timeZone: string): string {
  return dateTimeFormat(language, { timeStyle: 'short', timeZone }).format(new Date(when));
}

const WEEKDAY_DATE_TIME: Intl.DateTimeFormatOptions = {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
};

/**
 * An instant with its weekday in `timeZone`, as notifications show one (spec §4 Notifications):
 * "Tue, 14 Jul 2026, 10:00". An unknown zone name falls back to the environment's zone rather
 * than nothing; text that is no instant is answered as it is.
 */
export function formatInstant(when: string | number | Date, language: string, timeZone: string): string {
  const instant = new Date(when);
  if (Number.isNaN(instant.getTime())) return String(when);
  try {
    return dateTimeFormat(language, { ...WEEKDAY_DATE_TIME, timeZone }).format(instant);
  } catch {
    // An unknown zone name (RangeError).
    return dateTimeFormat(language, WEEKDAY_DATE_TIME).format(instant);
  }
}

/**
 * The zone instants are shown in: the reader's saved zone, or the environment's while none is known
 * (docs/architecture.md §3 "Her time zone").
 */
export function displayZone(saved: string | null | undefined): string {
  return saved || deviceTimeZone();
}

const two = (n: number) => String(n).padStart(2, '0');

/**
 * A length of time as a clock shows it: `mm:ss`, or `hh:mm:ss` past an hour (spec §4, the call's
 * timer; also a video's length). Negative, fractional or non-finite input is floored at 0.
 */
export function clockDuration(seconds: number): string {
  const total = Math.max(0, Math.floor(Number.isFinite(seconds) ? seconds : 0));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const rest = total % 60;
  return hours > 0 ? `${two(hours)}:${two(minutes)}:${two(rest)}` : `${two(minutes)}:${two(rest)}`;
}
