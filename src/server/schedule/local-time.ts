/** Wall-clock helpers for schedules: local dates and minutes in an IANA zone (@date-fns/tz). */
import { TZDate } from '@date-fns/tz';

/** `YYYY-MM-DD` of an instant in `timezone`. */
export function localDateOf(instant: number | Date, timezone: string): string {
  const d = new TZDate(typeof instant === 'number' ? instant : instant.getTime(), timezone);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** The instant of `date` at `minute` minutes after local midnight (1440 is the next midnight). */
export function instantAt(date: string, minute: number, timezone: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new TZDate(y, m - 1, d, Math.floor(minute / 60), minute % 60, 0, timezone).getTime();
}

/** ISO weekday (1 Monday … 7 Sunday) of a local date. */
export function isoWeekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** The local date `days` after `date` (calendar arithmetic, no time zone involved). */
export function addDays(date: string, days: number): string {
  const t = new Date(`${date}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + days);
  return t.toISOString().slice(0, 10);
}

/** Every local date from `first` to `last`, both included. */
export function datesBetween(first: string, last: string): string[] {
  const out: string[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) out.push(d);
  return out;
}

/** `HH:mm` ⇄ minutes after midnight (`24:00` is 1440). */
export function toMinute(hhmm: string): number {
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}
export function toWallTime(minute: number): string {
  return `${pad(Math.floor(minute / 60))}:${pad(minute % 60)}`;
}

/** Monday of the week of a local date. */
export function mondayOf(date: string): string {
  return addDays(date, 1 - isoWeekday(date));
}

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
