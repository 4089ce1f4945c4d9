/** The schedule feature: availability editing (docs/lessons.md §17) and the calendar (spec §2). */
export { SCHEDULE_KEY, scheduleQuery } from './queries';
export { hasAvailability } from './has-availability';
export { useSchedule } from './use-schedule';
export { WeeklyEditor } from './weekly-editor';
export { OverridesEditor } from './overrides-editor';
export { AvailabilitySummary } from './availability-summary';
export { CalendarView } from './calendar-view';
