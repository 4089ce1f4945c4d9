/**
 * One cycle (spec §7 "Content and cycle data"): the basal temperature curve with its cover line
 * and the ovulation marker, LH readings as bars, the period and fertile window shaded; x is the
 * cycle day. Used by the report screens and the call's screen-share window.
 */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CycleAnalysis, CycleDay } from '../../../shared/cycle';
import { Chart } from '../chart';
import { useChartLabels } from './chart-input';
import { cycleChart, cycleSummary } from './cycle-chart-option';
import type { TemperatureUnit } from './units';

export function CycleChart({
  cycle,
  days,
  unit,
  whenNear = false,
}: {
  cycle: CycleAnalysis;
  /** The member's records; only those inside the cycle are drawn. */
  days: readonly CycleDay[];
  unit: TemperatureUnit;
  /** Drawn only once it comes near the viewport (src/app/components/chart/chart.tsx). */
  whenNear?: boolean;
}) {
  const { t, i18n } = useTranslation('charts');
  const labels = useChartLabels(unit);
  const { shown, option } = useMemo(() => cycleChart(cycle, days, unit, labels), [cycle, days, unit, labels]);
  return (
    <Chart
      option={option}
      label={t('cycleTitle', { number: cycle.number })}
      summary={cycleSummary(shown, unit, t, i18n.language)}
      heightClass="h-80"
      testId="cycle-chart"
      whenNear={whenNear}
    />
  );
}
