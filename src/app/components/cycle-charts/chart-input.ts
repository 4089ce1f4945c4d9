/**
 * The shared chart options (src/shared/cycle/chart-options.ts) in the reader's unit and language:
 * temperatures converted before the option is built, and the temperature axis fitted to them.
 */
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChartLabels, ChartOption, CycleAnalysis, CycleDay } from '../../../shared/cycle';
import { differenceFromCelsius, fromCelsius, unitSymbol, type TemperatureUnit } from './units';

/** The chart's words in `language`, `t` being the 'charts' namespace's (also outside React). */
export function chartLabels(t: TFunction<'charts'>, language: string, unit: TemperatureUnit): ChartLabels {
  return {
    language,
    temperature: t('temperature'),
    temperatureUnit: unitSymbol(unit),
    lh: t('lh'),
    lhUnit: t('lhUnit'),
    coverLine: t('coverLine'),
    ovulation: t('ovulation'),
    period: t('period'),
    fertileWindow: t('fertileWindow'),
    cycleDay: t('cycleDay'),
    cycle: t('cycle'),
    follicular: t('follicular'),
    luteal: t('luteal'),
    days: t('days'),
    mean: t('mean'),
    anovulatory: t('anovulatory'),
    unmeasured: t('unmeasured'),
    running: t('running'),
    pregnancy: t('pregnancy'),
  };
}

export function useChartLabels(unit: TemperatureUnit): ChartLabels {
  const { t, i18n } = useTranslation('charts');
  return useMemo(
    () => chartLabels(t, i18n.language, unit),
    // i18n.language: the labels change with the language even when `t` keeps its identity.
    [t, unit, i18n.language],
  );
}

export function daysInUnit(days: readonly CycleDay[], unit: TemperatureUnit): CycleDay[] {
  if (unit === 'C') return [...days];
  return days.map((d) => ({
    ...d,
    temperature: d.temperature === null ? null : fromCelsius(d.temperature, unit),
  }));
}

export function cycleInUnit(cycle: CycleAnalysis, unit: TemperatureUnit): CycleAnalysis {
  if (unit === 'C' || !cycle.temperature) return cycle;
  return {
    ...cycle,
    temperature: {
      ...cycle.temperature,
      coverLine: fromCelsius(cycle.temperature.coverLine, unit),
      shift: differenceFromCelsius(cycle.temperature.shift, unit),
    },
  };
}

/**
 * In °F the option's °C axis range (35.8–37.2, steps of 0.2) does not fit: the axis is fitted to
 * the readings in whole half-degrees instead. `axis` is the index of the temperature axis, or
 * null when the option has a single y axis.
 */
export function fitTemperatureAxis(
  option: ChartOption,
  days: readonly CycleDay[],
  unit: TemperatureUnit,
  axis: number | null,
): ChartOption {
  if (unit === 'C') return option;
  const temps = days.flatMap((d) => (d.temperature === null ? [] : [d.temperature]));
  const lo = Math.floor(Math.min(96.5, ...temps) * 2) / 2;
  const hi = Math.ceil(Math.max(99, ...temps) * 2) / 2;
  const fit = (y: Record<string, unknown>) => ({ ...y, min: lo, max: hi, interval: 0.5 });
  const yAxis = option.yAxis as Record<string, unknown> | Array<Record<string, unknown>>;
  return {
    ...option,
    yAxis:
      Array.isArray(yAxis) && axis !== null
        ? yAxis.map((y, i) => (i === axis ? fit(y) : y))
        : fit(yAxis as Record<string, unknown>),
  };
}
