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
