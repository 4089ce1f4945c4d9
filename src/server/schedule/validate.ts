/**
 * Schedule rules that zod cannot express alone (docs/lessons.md §17): hours end after they start and
 * hold at least one consultation, weekly hours and extra hours do not overlap, overrides are not in
 * the past and a day off is not combined with extra hours on the same date. Pure.
 */
import type { FieldError } from '../../shared/api/envelope';

export interface Hours {
  startMinute: number;
  endMinute: number;
}
export interface WeeklyHours extends Hours {
  weekday: number;
}
export interface OverrideHours {
  date: string;
  kind: 'EXTRA' | 'DAY_OFF';
  startMinute: number | null;
  endMinute: number | null;
}

function checkHours(h: Hours, consultationMinutes: number, field: string, out: FieldError[]) {
  if (h.endMinute <= h.startMinute) out.push({ field, message: 'The end must be after the start' });
  else if (h.endMinute - h.startMinute < consultationMinutes) {
    out.push({ field, message: `Hours must hold at least one ${consultationMinutes}-minute consultation` });
  }
}

function overlaps(a: Hours, b: Hours): boolean {
  return a.startMinute < b.endMinute && b.startMinute < a.endMinute;
}

export function validateWeekly(slots: readonly WeeklyHours[], consultationMinutes: number): FieldError[] {
  const out: FieldError[] = [];
  slots.forEach((slot, i) => {
    checkHours(slot, consultationMinutes, `weekly.${i}`, out);
    const clash = slots.findIndex(
      (other, j) => j < i && other.weekday === slot.weekday && overlaps(other, slot),
    );
    if (clash >= 0)
      out.push({ field: `weekly.${i}`, message: `Overlaps other hours on the same day (weekly.${clash})` });
  });
  return out;
}

/**
 * Checks `added` overrides against each other and against `existing` ones; `today` is the
 * provider's local date, `field` names the input list.
 */
export function validateOverrides(
  added: readonly OverrideHours[],
  existing: readonly OverrideHours[],
  consultationMinutes: number,
  today: string,
  field = 'overrides',
): FieldError[] {
  const out: FieldError[] = [];
  const seen: OverrideHours[] = [...existing];
  added.forEach((o, i) => {
    const f = `${field}.${i}`;
    if (o.date < today) out.push({ field: f, message: 'The date is in the past' });
    const sameDate = seen.filter((s) => s.date === o.date);
    if (o.kind === 'DAY_OFF') {
      if (o.startMinute !== null || o.endMinute !== null) {
        out.push({ field: f, message: 'A day off takes the whole day: leave out start and end' });
      } else if (sameDate.some((s) => s.kind === 'DAY_OFF')) {
        out.push({ field: f, message: 'This date is already a day off' });
      } else if (sameDate.some((s) => s.kind === 'EXTRA')) {
        out.push({ field: f, message: 'Remove the extra hours of this date first' });
      }
    } else if (o.startMinute === null || o.endMinute === null) {
      out.push({ field: f, message: 'Extra hours need a start and an end' });
    } else {
      const hours = { startMinute: o.startMinute, endMinute: o.endMinute };
      checkHours(hours, consultationMinutes, f, out);
      if (sameDate.some((s) => s.kind === 'DAY_OFF')) {
        out.push({ field: f, message: 'This date is a day off' });
      } else if (sameDate.some((s) => s.kind === 'EXTRA' && overlaps(s as Hours, hours))) {
        out.push({ field: f, message: 'Overlaps other extra hours on this date' });
      }
    }
    seen.push(o);
  });
  return out;
}
