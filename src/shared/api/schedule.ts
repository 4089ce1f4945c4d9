/**
 * Availability, spec §7 "Profile and schedule" (`/consultation/schedule/new/get|update`,
 * `/consultation/schedule/delete`), designed after docs/lessons.md §17: weekly recurring hours plus
 * one-off overrides (extra hours, days off), consultation length, a buffer between consultations,
 * a planning horizon and minimum notice, all in the provider's own time zone.
 */
import { z } from 'zod';
import { AppointmentSummary } from './consultation';
import { defineEndpoint } from './endpoint';
import { IdList, TimeZone } from './fields';
import { Instant, LocalDate, WallTime } from './workspace-fields';

export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

export const ScheduleSettings = z.object({
  timezone: z.string().describe('IANA zone the weekly hours and overrides are in'),
  consultationMinutes: z.number().int().describe('Length of one consultation'),
  bufferMinutes: z.number().int().describe('Free time kept after each consultation'),
  horizonDays: z.number().int().describe('How far ahead clients can book'),
  minNoticeHours: z.number().int().describe('How soon before its start a consultation can still be booked'),
});
export type ScheduleSettings = z.infer<typeof ScheduleSettings>;

export const WeeklySlot = z.object({
  id: z.number().int(),
  weekday: z.number().int().describe('ISO weekday: 1 Monday … 7 Sunday'),
  start: z.string().describe('HH:mm local time'),
  end: z.string().describe('HH:mm local time, 24:00 for midnight'),
});
export type WeeklySlot = z.infer<typeof WeeklySlot>;

export const OverrideKind = z.enum(['EXTRA', 'DAY_OFF']);
export const ScheduleOverride = z.object({
  id: z.number().int(),
  date: z.string().describe('YYYY-MM-DD in the schedule time zone'),
  kind: OverrideKind.describe('EXTRA adds hours on that date; DAY_OFF removes the whole date'),
  start: z.string().nullable(),
  end: z.string().nullable(),
  note: z.string(),
});
export type ScheduleOverride = z.infer<typeof ScheduleOverride>;

export const Schedule = z.object({
  configured: z.boolean().describe('false until the provider saves a schedule (defaults are shown)'),
  settings: ScheduleSettings,
  weekly: z.array(WeeklySlot),
  overrides: z.array(ScheduleOverride).describe('Overrides from today on, by date'),
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

export const WeeklySlotInput = Hours.extend({ weekday: z.number().int().min(1).max(7) });
export const OverrideInput = z.object({
  date: LocalDate,
  kind: OverrideKind,
  start: WallTime.optional(),
  end: WallTime.optional(),
  note: z.string().trim().max(200).default(''),
});
export type OverrideInput = z.input<typeof OverrideInput>;

export const UpdateScheduleBody = z.object({
  timezone: TimeZone.optional(),
  consultationMinutes: z
    .number()
    .int()
    .min(SCHEDULE_LIMITS.consultationMinutes.min)
    .max(SCHEDULE_LIMITS.consultationMinutes.max)
    .refine(multipleOf5, 'Use a multiple of 5 minutes')
    .optional(),
  bufferMinutes: z
    .number()
    .int()
    .min(SCHEDULE_LIMITS.bufferMinutes.min)
    .max(SCHEDULE_LIMITS.bufferMinutes.max)
    .refine(multipleOf5, 'Use a multiple of 5 minutes')
    .optional(),
  horizonDays: z
    .number()
    .int()
    .min(SCHEDULE_LIMITS.horizonDays.min)
    .max(SCHEDULE_LIMITS.horizonDays.max)
    .optional(),
  minNoticeHours: z
    .number()
    .int()
    .min(SCHEDULE_LIMITS.minNoticeHours.min)
    .max(SCHEDULE_LIMITS.minNoticeHours.max)
    .optional(),
  weekly: z.array(WeeklySlotInput).max(70).optional().describe('Replaces every weekly slot when given'),
  overrides: z.array(OverrideInput).max(100).optional().describe('Added to the existing overrides'),
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
  query: z
    .object({ from: Instant, to: Instant })
    .refine((q) => Date.parse(q.to) > Date.parse(q.from), { message: 'to must be after from', path: ['to'] })
    .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= CALENDAR_MAX_DAYS * 86400_000, {
      message: `Ask for at most ${CALENDAR_MAX_DAYS} days`,
      path: ['to'],
    }),
  response: z.object({
    timezone: z.string(),
    consultationMinutes: z.number().int(),
    windows: z.array(AvailabilityWindow),
    daysOff: z.array(z.string()).describe('Dates (YYYY-MM-DD) marked DAY_OFF in the range'),
    appointments: z.array(AppointmentSummary).describe('Cancelled ones excluded'),
  }),
});
