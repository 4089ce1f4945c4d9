/**
 * Availability rules (docs/lessons.md §17): weekly hours plus one-off overrides in the provider's time
 * zone, expanded to instants so that daylight-saving changes are applied per date, and the checks a
 * booking must pass (inside availability, no overlap with the buffer, notice and horizon). Pure.
 */
import { addDays, datesBetween, isoWeekday } from '../../shared/time/calendar';
import { instantAt, localDateAt } from '../../shared/time/zoned';

export interface ScheduleRules {
  timezone: string;
  consultationMinutes: number;
  bufferMinutes: number;
  horizonDays: number;
  minNoticeHours: number;
  weekly: ReadonlyArray<{ weekday: number; startMinute: number; endMinute: number }>;
  overrides: ReadonlyArray<{
    date: string;
    kind: 'EXTRA' | 'DAY_OFF';
    startMinute: number | null;
    endMinute: number | null;
  }>;
}

export interface Window {
  start: number;
  end: number;
  kind: 'WEEKLY' | 'EXTRA';
}

export interface Busy {
  start: number;
  end: number;
}

/** Merges overlapping or touching windows; the merged window keeps the kind of the earliest. */
export function mergeWindows(windows: readonly Window[]): Window[] {
  const sorted = [...windows].sort((a, b) => a.start - b.start || a.end - b.end);
  const out: Window[] = [];
  for (const w of sorted) {
    const last = out.at(-1);
    if (last && w.start <= last.end) last.end = Math.max(last.end, w.end);
    else out.push({ ...w });
  }
  return out;
}

/** Available windows intersecting [from, to), clipped to it, merged, in time order. */
export function expandAvailability(rules: ScheduleRules, from: number, to: number): Window[] {
  const tz = rules.timezone;
  // One local day of margin each side: a zone can be up to 14 hours away from UTC.
  const dates = datesBetween(addDays(localDateAt(from, tz), -1), addDays(localDateAt(to, tz), 1));
  const windows: Window[] = [];
  for (const date of dates) {
    const overrides = rules.overrides.filter((o) => o.date === date);
    if (overrides.some((o) => o.kind === 'DAY_OFF')) continue;
    const weekday = isoWeekday(date);
    const local = [
      ...rules.weekly
        .filter((w) => w.weekday === weekday)
        .map((w) => ({ start: w.startMinute, end: w.endMinute, kind: 'WEEKLY' as const })),
      ...overrides
        .filter((o) => o.kind === 'EXTRA' && o.startMinute !== null && o.endMinute !== null)
        .map((o) => ({ start: o.startMinute!, end: o.endMinute!, kind: 'EXTRA' as const })),
    ];
    for (const w of local) {
      const start = Math.max(instantAt(date, w.start, tz), from);
      const end = Math.min(instantAt(date, w.end, tz), to);
      if (end > start) windows.push({ start, end, kind: w.kind });
    }
  }
  return mergeWindows(windows);
}

export type BookingRefusal = 'IN_PAST' | 'TOO_SOON' | 'TOO_FAR' | 'OUTSIDE_AVAILABILITY' | 'OVERLAP';

/**
 * Whether a consultation starting at `start` may be booked: inside one availability window, at
 * least the minimum notice from `now`, within the horizon, and apart from every busy interval by
 * the buffer.
 */
export function checkBooking(
  rules: ScheduleRules,
  busy: readonly Busy[],
  start: number,
  now: number,
): { ok: true; end: number } | { ok: false; reason: BookingRefusal } {
  const end = start + rules.consultationMinutes * 60_000;
  if (start <= now) return { ok: false, reason: 'IN_PAST' };
  if (start < now + rules.minNoticeHours * 3600_000) return { ok: false, reason: 'TOO_SOON' };
  if (start > now + rules.horizonDays * 86400_000) return { ok: false, reason: 'TOO_FAR' };
  const windows = expandAvailability(rules, start - 86400_000, end + 86400_000);
  if (!windows.some((w) => w.start <= start && end <= w.end)) {
    return { ok: false, reason: 'OUTSIDE_AVAILABILITY' };
  }
  const buffer = rules.bufferMinutes * 60_000;
  if (busy.some((b) => start < b.end + buffer && b.start < end + buffer))
    return { ok: false, reason: 'OVERLAP' };
  return { ok: true, end };
}

/**
 * Start times that could be booked in [from, to): each window is cut into consultations followed
 * by the buffer, from its own start even when `from` falls inside it (so the slots are the same
 * whenever they are asked for); taken and too-soon slots are left out.
 */
export function bookableSlots(
  rules: ScheduleRules,
  busy: readonly Busy[],
  from: number,
  to: number,
  now: number,
): number[] {
  const step = (rules.consultationMinutes + rules.bufferMinutes) * 60_000;
  const length = rules.consultationMinutes * 60_000;
  const out: number[] = [];
  // A day earlier: a window open at `from` is cut from its start, not from `from`.
  for (const w of expandAvailability(rules, from - 86400_000, to)) {
    for (let s = w.start; s + length <= w.end; s += step) {
      if (s >= from && checkBooking(rules, busy, s, now).ok) out.push(s);
    }
  }
  return out;
}
