/** Reads a provider's availability from the database as the pure rules of `availability.ts`. */
import type { Schedule } from '../../shared/api/schedule';
import type { Database } from '../db/database';
import type { ScheduleRules } from './availability';
import { toWallTime } from '../../shared/time/calendar';
import { localDateAt } from '../../shared/time/zoned';

/** Settings a provider starts from before saving a schedule. */
export const DEFAULT_SCHEDULE = {
  consultationMinutes: 45,
  bufferMinutes: 15,
  horizonDays: 60,
  minNoticeHours: 12,
} as const;

export interface StoredSchedule {
  configured: boolean;
  rules: ScheduleRules;
  entries: Array<{
    id: number;
    kind: 'WEEKLY' | 'EXTRA' | 'DAY_OFF';
    weekday: number | null;
    on_date: string | null;
    start_minute: number | null;
    end_minute: number | null;
    note: string;
  }>;
}

/**
 * Her time zone, the one her availability is kept in and every instant is shown in: one fact, in
 * her profile (`providers.timezone`; docs/architecture.md §3 "Her time zone").
 */
export async function scheduleTimeZone(db: Database, providerId: number): Promise<string> {
  const row = await db
    .selectFrom('providers')
    .select('timezone')
    .where('id', '=', providerId)
    .executeTakeFirstOrThrow();
  return row.timezone;
}

/** Saves her time zone, from her settings or her availability: the same one fact. */
export async function saveTimeZone(db: Database, providerId: number, timezone: string): Promise<void> {
  await db
    .updateTable('providers')
    .set({ timezone, updated_at: new Date() })
    .where('id', '=', providerId)
    .execute();
}

export async function loadSchedule(db: Database, providerId: number): Promise<StoredSchedule> {
  const [settings, timezone, entries] = await Promise.all([
    db.selectFrom('schedule_settings').selectAll().where('provider_id', '=', providerId).executeTakeFirst(),
    scheduleTimeZone(db, providerId),
    db
      .selectFrom('schedule_entries')
      .select(['id', 'kind', 'weekday', 'on_date', 'start_minute', 'end_minute', 'note'])
      .where('provider_id', '=', providerId)
      .orderBy('kind')
      .orderBy('weekday')
      .orderBy('on_date')
      .orderBy('start_minute')
      .execute(),
  ]);
  const rules: ScheduleRules = {
    timezone,
    consultationMinutes: settings?.consultation_minutes ?? DEFAULT_SCHEDULE.consultationMinutes,
    bufferMinutes: settings?.buffer_minutes ?? DEFAULT_SCHEDULE.bufferMinutes,
    horizonDays: settings?.horizon_days ?? DEFAULT_SCHEDULE.horizonDays,
    minNoticeHours: settings?.min_notice_hours ?? DEFAULT_SCHEDULE.minNoticeHours,
    weekly: entries
      .filter((e) => e.kind === 'WEEKLY')
      .map((e) => ({ weekday: e.weekday!, startMinute: e.start_minute!, endMinute: e.end_minute! })),
    overrides: entries
      .filter((e) => e.kind !== 'WEEKLY')
      .map((e) => ({
        date: e.on_date!,
        kind: e.kind as 'EXTRA' | 'DAY_OFF',
        startMinute: e.start_minute,
        endMinute: e.end_minute,
      })),
  };
  return { configured: Boolean(settings), rules, entries };
}

/** The contract's view: settings, weekly slots and the overrides from today on (provider zone). */
export function toScheduleView(stored: StoredSchedule, now = Date.now()): Schedule {
  const { rules } = stored;
  const today = localDateAt(now, rules.timezone);
  return {
    configured: stored.configured,
    settings: {
      timezone: rules.timezone,
      consultationMinutes: rules.consultationMinutes,
      bufferMinutes: rules.bufferMinutes,
      horizonDays: rules.horizonDays,
      minNoticeHours: rules.minNoticeHours,
    },
    weekly: stored.entries
      .filter((e) => e.kind === 'WEEKLY')
      .map((e) => ({
        id: e.id,
        weekday: e.weekday!,
        start: toWallTime(e.start_minute!),
        end: toWallTime(e.end_minute!),
      })),
    overrides: stored.entries
      .filter((e) => e.kind !== 'WEEKLY' && e.on_date! >= today)
      .map((e) => ({
        id: e.id,
        date: e.on_date!,
        kind: e.kind as 'EXTRA' | 'DAY_OFF',
        start: e.start_minute === null ? null : toWallTime(e.start_minute),
        end: e.end_minute === null ? null : toWallTime(e.end_minute),
        note: e.note,
      }))
      .sort((a, b) => a.date.localeCompare(b.date) || (a.start ?? '').localeCompare(b.start ?? '')),
  };
}
