/**
 * Cycle charts (spec §7 "Content and cycle data"), shared by the report screens and the call's
 * screen-share window: one cycle's curve, its calendar, and overlays of several cycles.
 */
export { CycleChart } from './cycle-chart';
export { CycleCalendar } from './cycle-calendar';
export { CycleOverlay } from './cycle-overlay';
export { daysOfCycle, OVERLAY_COUNTS, type OverlayCount } from './cycle-days';
export { formatStatistic, latestCycles, statisticLine } from '../../../shared/cycle';
export { temperatureUnitFor, fromCelsius, unitSymbol, type TemperatureUnit } from './units';
export { calendarWeeks, MONDAY_WEEK, type CalendarCell } from './calendar-cells';
export { chartLabels, cycleInUnit } from './chart-input';
export { cycleChart, cycleSummary } from './cycle-chart-option';
