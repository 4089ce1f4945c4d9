/** The schedule feature: availability editing (docs/lessons.md §17) and the calendar (spec §2). */
export { hasAvailability, SCHEDULE_KEY, scheduleQuery, useSchedule } from './availability';
export { WeeklyEditor } from './weekly-editor';
export { OverridesEditor } from './overrides-editor';
export { AvailabilitySummary } from './availability-summary';
export { CalendarView } from './calendar-view';
