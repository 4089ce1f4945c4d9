/**
 * Availability, spec §7 "Profile and schedule" (`/consultation/schedule/new/get|update`,
 * `/consultation/schedule/delete`), designed after docs/lessons.md §17: weekly recurring hours plus
 * one-off overrides (extra hours, days off), consultation length, a buffer between consultations,
 * a planning horizon and minimum notice, all in the provider's own time zone.
 */
import { z } from 'zod/mini';
import { AppointmentSummary } from './consultation';
import { defineEndpoint } from './endpoint';
import { IdList, TimeZone } from './fields';
import { Instant, LocalDate, WallTime } from './workspace-fields';

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export const ScheduleSettings = z.object({
  timezone: z.string().check(z.describe('IANA zone the weekly hours and overrides are in')),
  consultationMinutes: z.number().check(z.int(), z.describe('Length of one consultation')),
  bufferMinutes: z.number().check(z.int(), z.describe('Free time kept after each consultation')),
  horizonDays: z.number().check(z.int(), z.describe('How far ahead clients can book')),
  minNoticeHours: z
    .number()
    .check(z.int(), z.describe('How soon before its start a consultation can still be booked')),
});
export type ScheduleSettings = z.infer<typeof ScheduleSettings>;

export const WeeklySlot = z.object({
  id: z.number().check(z.int()),
  weekday: z.number().check(z.int(), z.describe('ISO weekday: 1 Monday … 7 Sunday')),
  start: z.string().check(z.describe('HH:mm local time')),
  end: z.string().check(z.describe('HH:mm local time, 24:00 for midnight')),
});
export type WeeklySlot = z.infer<typeof WeeklySlot>;

export const OverrideKind = z.enum(['EXTRA', 'DAY_OFF']);
export const ScheduleOverride = z.object({
  id: z.number().check(z.int()),
  date: z.string().check(z.describe('YYYY-MM-DD in the schedule time zone')),
  kind: OverrideKind.check(z.describe('EXTRA adds hours on that date; DAY_OFF removes the whole date')),
  start: z.nullable(z.string()),
  end: z.nullable(z.string()),
  note: z.string(),
});
export type ScheduleOverride = z.infer<typeof ScheduleOverride>;

export const Schedule = z.object({
  configured: z.boolean().check(z.describe('false until the provider saves a schedule (defaults are shown)')),
  settings: ScheduleSettings,
  weekly: z.array(WeeklySlot),
  overrides: z.array(ScheduleOverride).check(z.describe('Overrides from today on, by date')),
});
export type Schedule = z.infer<typeof Schedule>;

export const SCHEDULE_LIMITS = {
  consultationMinutes: { min: 15, max: 180 },
  bufferMinutes: { min: 0, max: 120 },
  horizonDays: { min: 1, max: 365 },
  minNoticeHours: { min: 0, max: 168 },
} as const;

const multipleOf5 = (n: number) => n % 5 === 0;
const Hours = z.object({ start: WallTime, end: WallTime });

export const WeeklySlotInput = z.extend(Hours, { weekday: z.number().check(z.int(), z.gte(1), z.lte(7)) });
export const OverrideInput = z.object({
  date: LocalDate,
  kind: OverrideKind,
  start: z.optional(WallTime),
  end: z.optional(WallTime),
  note: z._default(z.string().check(z.trim(), z.maxLength(200)), ''),
});
export type OverrideInput = z.input<typeof OverrideInput>;

export const UpdateScheduleBody = z.object({
  timezone: z.optional(TimeZone),
  consultationMinutes: z.optional(
    z
      .number()
      .check(
        z.int(),
        z.gte(SCHEDULE_LIMITS.consultationMinutes.min),
        z.lte(SCHEDULE_LIMITS.consultationMinutes.max),
        z.refine(multipleOf5, 'Use a multiple of 5 minutes'),
      ),
  ),
  bufferMinutes: z.optional(
    z
      .number()
      .check(
        z.int(),
        z.gte(SCHEDULE_LIMITS.bufferMinutes.min),
        z.lte(SCHEDULE_LIMITS.bufferMinutes.max),
        z.refine(multipleOf5, 'Use a multiple of 5 minutes'),
      ),
  ),
  horizonDays: z.optional(
    z.number().check(z.int(), z.gte(SCHEDULE_LIMITS.horizonDays.min), z.lte(SCHEDULE_LIMITS.horizonDays.max)),
  ),
  minNoticeHours: z.optional(
    z
      .number()
      .check(z.int(), z.gte(SCHEDULE_LIMITS.minNoticeHours.min), z.lte(SCHEDULE_LIMITS.minNoticeHours.max)),
  ),
  weekly: z
    .optional(z.array(WeeklySlotInput).check(z.maxLength(70)))
    .check(z.describe('Replaces every weekly slot when given')),
  overrides: z
    .optional(z.array(OverrideInput).check(z.maxLength(100)))
    .check(z.describe('Added to the existing overrides')),
});
export type UpdateScheduleBody = z.input<typeof UpdateScheduleBody>;

export const getSchedule = defineEndpoint({
  id: 'getSchedule',
  method: 'GET',
  path: '/consultation/schedule/new/get',
  summary: "The provider's availability: settings, weekly hours and upcoming overrides",
  tag: 'Schedule',
  auth: 'token',
  response: Schedule,
});

export const updateSchedule = defineEndpoint({
  id: 'updateSchedule',
  method: 'POST',
  path: '/consultation/schedule/new/update',
  summary:
    'Change settings, replace the weekly hours and/or add overrides (JSON: the slots are nested lists). ' +
    'Overlapping hours, hours shorter than one consultation and overrides in the past are refused.',
  tag: 'Schedule',
  auth: 'token',
  encoding: 'json',
  body: UpdateScheduleBody,
  response: Schedule,
});

export const deleteSchedule = defineEndpoint({
  id: 'deleteSchedule',
  method: 'POST',
  path: '/consultation/schedule/delete',
  summary:
    'Delete weekly slots or overrides by id (all of them belong to the provider, or nothing is deleted)',
  tag: 'Schedule',
  auth: 'token',
  body: z.object({ ids: IdList }),
  response: Schedule,
});

export const AvailabilityWindow = z.object({
  start: Instant,
  end: Instant,
  kind: z.enum(['WEEKLY', 'EXTRA']),
});
export type AvailabilityWindow = z.infer<typeof AvailabilityWindow>;

/** The longest range one calendar call may ask for: a month view with its leading and trailing days. */
export const CALENDAR_MAX_DAYS = 45;

export const getCalendar = defineEndpoint({
  id: 'getCalendar',
  method: 'GET',
  path: '/consultation/schedule/calendar',
  summary:
    'Availability windows (as instants, daylight-saving changes applied) and appointments between from and to, ' +
    `at most ${CALENDAR_MAX_DAYS} days`,
  tag: 'Schedule',
  auth: 'token',
  query: z.object({ from: Instant, to: Instant }).check(
    z.refine((q) => Date.parse(q.to) > Date.parse(q.from), {
      message: 'to must be after from',
      path: ['to'],
    }),
    z.refine((q) => Date.parse(q.to) - Date.parse(q.from) <= CALENDAR_MAX_DAYS * 86400_000, {
      message: `Ask for at most ${CALENDAR_MAX_DAYS} days`,
      path: ['to'],
    }),
  ),
  response: z.object({
    timezone: z.string(),
    consultationMinutes: z.number().check(z.int()),
    windows: z.array(AvailabilityWindow),
    daysOff: z.array(z.string()).check(z.describe('Dates (YYYY-MM-DD) marked DAY_OFF in the range')),
    appointments: z.array(AppointmentSummary).check(z.describe('Cancelled ones excluded')),
  }),
});
