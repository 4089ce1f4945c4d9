/**
 * The schedule's data without its editors (docs/performance.md "Route budgets"): the schedule,
 * and whether she has set any hours, for the dashboard's checklist and the approval's next step.
 * Importing this rather than the feature's index keeps the editors and their time-zone picker
 * (a combobox library) out of the pages that only ask.
 */
export { SCHEDULE_KEY, scheduleQuery } from './queries';
export { hasAvailability } from './has-availability';
export { useSchedule } from './use-schedule';
