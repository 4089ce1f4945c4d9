/**
 * Calendar arithmetic for /calendar (spec §2), in the provider's time zone: the days of a week or a
 * month grid, and where an interval falls on a day in wall-clock minutes, so that a daylight-saving
 * day still shows 09:00 at the 09:00 line. Dates, zones and wall-clock minutes are the server's too
 * (src/shared/time). Pure.
 */
import { addDays, isoWeekday, mondayOf, toWallTime } from '../../../shared/time/calendar';
import { instantAt, wallMinuteAt } from '../../../shared/time/zoned';

/** The seven days (Monday first) of the week of `anchor`. */
export function weekDays(anchor: string): string[] {
  const monday = mondayOf(anchor);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** Whole weeks (Monday first) covering the month of `anchor`. */
export function monthGrid(anchor: string): string[] {
  const first = `${anchor.slice(0, 7)}-01`;
  const next = new Date(`${first}T00:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const last = addDays(next.toISOString().slice(0, 10), -1);
  const start = mondayOf(first);
  const days: string[] = [];
  for (let d = start; d <= last || isoWeekday(d) !== 1; d = addDays(d, 1)) days.push(d);
  return days;
}

export function shiftMonth(anchor: string, months: number): string {
  const d = new Date(`${anchor.slice(0, 7)}-01T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

export interface Placed {
  /** Wall-clock minutes after midnight, 0–1440. */
  top: number;
  bottom: number;
}

/** The part of [start, end) that falls on local `date`, in wall-clock minutes, or null. */
export function placeOnDay(start: number, end: number, date: string, tz: string): Placed | null {
  const dayStart = instantAt(date, 0, tz);
  const dayEnd = instantAt(addDays(date, 1), 0, tz);
  const s = Math.max(start, dayStart);
  const e = Math.min(end, dayEnd);
  if (e <= s) return null;
  return { top: wallMinuteAt(s, tz), bottom: e >= dayEnd ? 1440 : wallMinuteAt(e, tz) };
}

/** The local time of an instant as HH:mm in `tz`. */
export function timeOf(ms: number, tz: string): string {
  return toWallTime(wallMinuteAt(ms, tz));
}
