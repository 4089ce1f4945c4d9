/**
 * The words and marks of the shared canvas (share-canvas.ts), in the provider's language: exactly
 * the share window's (share-screen-view.tsx) — the client's name, the cycle on show, its chart
 * summary, calendar and ovulation — built from the same data and the same translations. Pure:
 * `t` holds i18next's functions of the 'calls' and 'charts' namespaces.
 */
import type { TFunction } from 'i18next';
import type { CycleAnalysis, CycleDay, Statistic } from '../../../shared/cycle';
import {
  calendarWeeks,
  cycleInUnit,
  cycleSummary,
  formatStatistic,
  MONDAY_WEEK,
  type TemperatureUnit,
} from '../../components/cycle-charts';
import { dateTimeFormat, formatLocalDate, numberFormat } from '../../components/format';
import type { LegendKind } from './share-canvas-layout';

/** The share window's data (the cycle-data call, spec §7). */
export interface ShareData {
  cycles: readonly CycleAnalysis[];
  days: readonly CycleDay[];
  statistics: { ovulationDay: Statistic };
}

export interface ShareCell {
  date: string;
  cycleDay: string;
  period: boolean;
  fertile: boolean;
  ovulation: boolean;
  lhPeak: boolean;
  intercourse: boolean;
}

export interface ShareContent {
  title: string;
  /** 'Cycle 7 from 17 Nov 2026', or that there are no cycles yet. */
  subtitle: string;
  /** Null when the client has no cycle: only the title and subtitle are drawn. */
  cycle: {
    headings: { charts: string; calendar: string; ovulation: string };
    summary: string;
    weekdays: string[];
    weeks: Array<Array<ShareCell | null>>;
    legend: Array<{ kind: LegendKind; label: string }>;
    facts: [{ label: string; value: string }, { label: string; value: string }];
  } | null;
}

const atNoon = (date: string) => new Date(`${date}T12:00:00Z`);

/** The page for `cycle` of the client `name` (undefined: she has no cycle yet). */
export function shareContent(
  name: string,
  data: ShareData,
  cycle: CycleAnalysis | undefined,
  unit: TemperatureUnit,
  t: { calls: TFunction<'calls'>; charts: TFunction<'charts'> },
  language: string,
): ShareContent {
  const title = t.calls('shareView.title', { name });
  if (!cycle) return { title, subtitle: t.calls('shareView.noCycles'), cycle: null };
  const weekday = dateTimeFormat(language, { weekday: 'short', timeZone: 'UTC' });
  const day = dateTimeFormat(language, { day: 'numeric', month: 'short', timeZone: 'UTC' });
  const number = numberFormat(language);
  const weeks = calendarWeeks(cycle, data.days).map((week) =>
    week.map((cell) =>
      cell === null
        ? null
        : {
            date: day.format(atNoon(cell.date)),
            cycleDay: number.format(cell.cycleDay),
            period: cell.period,
            fertile: cell.fertile,
            ovulation: cell.ovulation,
            lhPeak: cell.lhPeak,
            intercourse: Boolean(cell.record.intercourse),
          },
    ),
  );
  return {
    title,
    subtitle: t.calls('shareView.cycleOption', {
      number: cycle.number,
      start: formatLocalDate(cycle.startDate, language),
    }),
    cycle: {
      headings: {
        charts: t.calls('shareView.charts'),
        calendar: t.calls('shareView.calendar'),
        ovulation: t.calls('shareView.ovulation'),
      },
      summary: cycleSummary(cycleInUnit(cycle, unit), unit, t.charts, language),
      weekdays: MONDAY_WEEK.map((d) => weekday.format(atNoon(d))),
      weeks,
      legend: [
        { kind: 'period', label: t.charts('period') },
        { kind: 'fertile', label: t.charts('fertileWindow') },
        { kind: 'ovulation', label: t.charts('ovulation') },
        { kind: 'lhPeak', label: t.charts('lhPeak') },
        { kind: 'intercourse', label: t.charts('intercourse') },
      ],
      facts: [
        {
          label: t.calls('shareView.thisCycle'),
          value:
            cycle.ovulation.day === null
              ? t.charts('summary.noOvulation')
              : t.calls('shareView.ovulationDay', {
                  day: cycle.ovulation.day,
                  method: t.charts(`method.${cycle.ovulation.method}`),
                }),
        },
        {
          label: t.calls('shareView.usualDay'),
          value: formatStatistic(data.statistics.ovulationDay, language).mean,
        },
      ],
    },
  };
}
