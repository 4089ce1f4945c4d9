/**
 * Calendar arithmetic for /calendar (spec §2), in the provider's time zone (@date-fns/tz): the
 * days of a week or a month grid, and where an interval falls on a day in wall-clock minutes, so
 * that a daylight-saving day still shows 09:00 at the 09:00 line. Pure.
 */
import { TZDate } from '@date-fns/tz';

const pad = (n: number) => String(n).padStart(2, '0');

export function localDate(ms: number, tz: string): string {
  const d = new TZDate(ms, tz);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Minutes after local midnight of an instant, on the wall clock of `tz`. */
export function wallMinute(ms: number, tz: string): number {
  const d = new TZDate(ms, tz);
  return d.getHours() * 60 + d.getMinutes();
}

export function startOfDay(date: string, tz: string): number {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new TZDate(y, m - 1, d, 0, 0, 0, tz).getTime();
}

export function addDays(date: string, days: number): string {
  const t = new Date(`${date}T00:00:00Z`);
  t.setUTCDate(t.getUTCDate() + days);
  return t.toISOString().slice(0, 10);
}

/** ISO weekday, 1 Monday … 7 Sunday. */
export function weekday(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

export function weekDays(anchor: string): string[] {
  const monday = addDays(anchor, 1 - weekday(anchor));
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** Whole weeks (Monday first) covering the month of `anchor`. */
export function monthGrid(anchor: string): string[] {
  const first = `${anchor.slice(0, 7)}-01`;
  const next = new Date(`${first}T00:00:00Z`);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const last = addDays(next.toISOString().slice(0, 10), -1);
  const start = addDays(first, 1 - weekday(first));
  const days: string[] = [];
  for (let d = start; d <= last || weekday(d) !== 1; d = addDays(d, 1)) days.push(d);
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
  const dayStart = startOfDay(date, tz);
  const dayEnd = startOfDay(addDays(date, 1), tz);
  const s = Math.max(start, dayStart);
  const e = Math.min(end, dayEnd);
  if (e <= s) return null;
  return { top: wallMinute(s, tz), bottom: e >= dayEnd ? 1440 : wallMinute(e, tz) };
}

export function hhmm(minute: number): string {
  return `${pad(Math.floor(minute / 60) % 25)}:${pad(minute % 60)}`;
}

/** The local time of an instant as HH:mm in `tz`. */
export function timeOf(ms: number, tz: string): string {
  return hhmm(wallMinute(ms, tz));
}
