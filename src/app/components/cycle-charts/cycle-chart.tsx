/**
 * One cycle (spec §7 "Content and cycle data"): the basal temperature curve with its cover line
 * and the ovulation marker, LH readings as bars, the period and fertile window shaded; x is the
 * cycle day. Used by the report screens and the call's screen-share window.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { cycleChartOption, type CycleAnalysis, type CycleDay } from '../../../shared/cycle';
import { Chart } from '../chart';
import { cycleInUnit, daysInUnit, fitTemperatureAxis, useChartLabels } from './chart-input';
import { daysOfCycle } from './cycle-days';
import { unitSymbol, type TemperatureUnit } from './units';

export function CycleChart({
  cycle,
  days,
  unit,
}: {
  cycle: CycleAnalysis;
  /** The member's records; only those inside the cycle are drawn. */
  days: readonly CycleDay[];
  unit: TemperatureUnit;
}) {
  const { t, i18n } = useTranslation('charts');
  const labels = useChartLabels(unit);
  const aligned = useMemo(() => daysInUnit(daysOfCycle(days, cycle), unit), [days, cycle, unit]);
  const shown = useMemo(() => cycleInUnit(cycle, unit), [cycle, unit]);
  const option = useMemo(
    () => fitTemperatureAxis(cycleChartOption(shown, aligned, labels), aligned, unit, 0),
    [shown, aligned, labels, unit],
  );
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const summary = [
    shown.ovulation.day === null
      ? t('summary.noOvulation')
      : t('summary.ovulation', { day: shown.ovulation.day, method: t(`method.${shown.ovulation.method}`) }),
    shown.temperature
      ? t('summary.coverLine', { value: `${number.format(shown.temperature.coverLine)} ${unitSymbol(unit)}` })
      : t('summary.noShift'),
  ].join(' ');
  return (
    <Chart
      option={option}
      label={t('cycleTitle', { number: cycle.number })}
      summary={summary}
      heightClass="h-80"
      testId="cycle-chart"
    />
  );
}
