/**
 * Calendar arithmetic on local dates `YYYY-MM-DD` and wall-clock minutes, with no time zone
 * involved: the member's own calendar (src/shared/cycle), a provider's availability and calendar
 * (the server's schedule, the portal's /calendar). Where a zone matters, see `zoned.ts`.
 */

const DAY_MS = 86400_000;

function toUtc(date: string): number {
  return Date.parse(`${date}T00:00:00Z`);
}

/** The local date `days` after `date` (before it when negative). */
export function addDays(date: string, days: number): string {
  return new Date(toUtc(date) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  return Math.round((toUtc(to) - toUtc(from)) / DAY_MS);
}

/** Every local date from `first` to `last`, both included. */
export function datesBetween(first: string, last: string): string[] {
  const out: string[] = [];
  for (let d = first; d <= last; d = addDays(d, 1)) out.push(d);
  return out;
}

/** ISO weekday (1 Monday … 7 Sunday) of a local date. */
export function isoWeekday(date: string): number {
  const day = new Date(toUtc(date)).getUTCDay();
  return day === 0 ? 7 : day;
}

/** Monday of the week of a local date. */
export function mondayOf(date: string): string {
  return addDays(date, 1 - isoWeekday(date));
}

/** `HH:mm` → minutes after midnight (`24:00` is 1440). */
export function toMinute(hhmm: string): number {
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}

/** Minutes after midnight → `HH:mm` (1440 is `24:00`). */
export function toWallTime(minute: number): string {
  return `${two(Math.floor(minute / 60))}:${two(minute % 60)}`;
}

function two(n: number): string {
  return String(n).padStart(2, '0');
}
