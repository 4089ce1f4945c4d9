/**
 * One cycle's chart option and its one-line summary, in the reader's unit and language: what
 * CycleChart shows, and what the call's shared canvas draws (features/calls/share-canvas.ts), from
 * one place so the two cannot differ.
 */
import type { TFunction } from 'i18next';
import {
  cycleChartOption,
  formatTemperature,
  type ChartLabels,
  type ChartOption,
  type CycleAnalysis,
  type CycleDay,
} from '../../../shared/cycle';
import { cycleInUnit, daysInUnit, fitTemperatureAxis } from './chart-input';
import { daysOfCycle } from './cycle-days';
import { unitSymbol, type TemperatureUnit } from './units';

/**
 * The cycle in `unit` and its chart option (temperature axis fitted in °F); `width` when the chart
 * is drawn at a fixed width (the shared canvas), for its legend's rows.
 */
export function cycleChart(
  cycle: CycleAnalysis,
  days: readonly CycleDay[],
  unit: TemperatureUnit,
  labels: ChartLabels,
  width?: number,
): { shown: CycleAnalysis; option: ChartOption } {
  const aligned = daysInUnit(daysOfCycle(days, cycle), unit);
  const shown = cycleInUnit(cycle, unit);
  const option = cycleChartOption(shown, aligned, labels, width);
  return { shown, option: fitTemperatureAxis(option, aligned, unit, 0) };
}

/**
 * 'Ovulation on cycle day 21 (…). Cover line 36.40 °C.': the chart in words (`t` of 'charts'), its
 * temperature written as the chart's own (formatTemperature).
 */
export function cycleSummary(
  shown: CycleAnalysis,
  unit: TemperatureUnit,
  t: TFunction<'charts'>,
  language: string,
): string {
  return [
    shown.ovulation.day === null
      ? t('charts:summary.noOvulation')
      : t('charts:summary.ovulation', {
          day: shown.ovulation.day,
          method: t(`charts:method.${shown.ovulation.method}`),
        }),
    shown.temperature
      ? t('charts:summary.coverLine', {
          value: `${formatTemperature(shown.temperature.coverLine, language)} ${unitSymbol(unit)}`,
        })
      : t('charts:summary.noShift'),
  ].join(' ');
}
