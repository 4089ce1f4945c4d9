/**
 * Local dates and wall-clock minutes in an IANA time zone (a provider's schedule zone), the same in
 * the server and the portal: daylight-saving days included, so a 09:00 window stays at 09:00.
 * Headless: `Intl` and @date-fns/tz.
 */
import { TZDate } from '@date-fns/tz';

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** The calendar date `YYYY-MM-DD` at `instant` in `timeZone`. */
export function localDateAt(instant: number | Date, timeZone: string): string {
  let format = dateFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
    });
    dateFormats.set(timeZone, format);
  }
  return format.format(instant);
}

/** The instant of `date` at `minute` minutes after local midnight in `timeZone` (1440 is the next midnight). */
export function instantAt(date: string, minute: number, timeZone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new TZDate(y, m - 1, d, Math.floor(minute / 60), minute % 60, 0, timeZone).getTime();
}

/** Minutes after local midnight of an instant, on the wall clock of `timeZone`. */
export function wallMinuteAt(instant: number, timeZone: string): number {
  const d = new TZDate(instant, timeZone);
  return d.getHours() * 60 + d.getMinutes();
}
