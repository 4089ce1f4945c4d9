/**
 * /reports/daily-chart (spec §2, §7 "Content and cycle data"): the report's member's daily chart
 * one cycle per page (chart/page, newest first): the cycle's curve and calendar and every recorded
 * day in a table (temperature, LH, flow, mucus, intercourse, tests).
 */
import { Heart } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { ApiError } from '../../../rest';
import { formatLh, formatTemperature } from '../../../shared/cycle';
import { CycleCalendar, CycleChart, fromCelsius, unitSymbol } from '../../components/cycle-charts';
import { DataTable } from '../../components/data-table';
import { QueryFailed, readFailed, retryFailed } from '../../components/query-failed';
import { dateTimeFormat } from '../../components/format';
import { SimplePagination } from '../../components/pagination';
import { paths } from '../../paths';
import { idParam, reportDetailPath } from './links';
import { useCyclePage, useReportDetail } from './queries';
import { useTemperatureUnit } from './use-temperature-unit';

const atNoon = (date: string) => new Date(`${date}T12:00:00Z`);

/**
 * A read the server refused for good: a report that does not exist (404), or one, or a member's
 * data, the provider may not read (403). Asking again gets the same answer, so no retry is offered.
 */
function refusal(error: unknown): 'noAccess' | 'notFound' | null {
  if (!(error instanceof ApiError)) return null;
  if (error.status === 403) return 'noAccess';
  if (error.status === 404) return 'notFound';
  return null;
}

export function DailyChartView() {
  const { t, i18n } = useTranslation('reports');
  const unit = useTemperatureUnit();
  const [params] = useSearchParams();
  const reportId = idParam(params.get('reportId'));
  const report = useReportDetail(reportId);
  const [page, setPage] = useState(1);
  const chart = useCyclePage(report.data?.memberId, page);
  if (reportId === null) return <p className="text-slate-600">{t('view.missing')}</p>;
  const refused = refusal(report.error) ?? refusal(chart.error);
  if (refused)
    return (
      <div className="flex flex-col items-start gap-3">
        <p className="text-slate-600">{t(`daily.${refused}`)}</p>
        <Link to={paths.reports} className="text-brand hover:underline">
          {t('view.toList')}
        </Link>
      </div>
    );
  const entry = chart.data?.list[0];
  const date = dateTimeFormat(i18n.language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: 'UTC',
  });
  return (
    <div className="flex flex-col gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        {!readFailed(report) && (
          <h2 className="text-lg font-semibold">
            {report.data ? t('daily.title', { name: report.data.memberName }) : t('common:loading')}
          </h2>
        )}
        <Link to={reportDetailPath(reportId)} className="text-sm text-brand hover:underline">
          {t('daily.toReport')}
        </Link>
      </div>
      {chart.data && (
        <p className="text-xs text-slate-500">
          {t('charts.memberZone', { zone: chart.data.member.timezone })}
        </p>
      )}
      {readFailed(report) || readFailed(chart) ? (
        // The chart waits for the report; either failing is said, not "loading" or "no cycles".
        <QueryFailed onRetry={() => retryFailed(report, chart)} />
      ) : chart.isPending ? (
        <p className="text-slate-500">{t('common:loading')}</p>
      ) : !entry ? (
        <p className="text-slate-500">{t('charts.noCycles')}</p>
      ) : (
        <section className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-5">
          <SimplePagination
            page={page}
            pageSize={1}
            total={chart.data?.total ?? 0}
            onChange={(p) => setPage(p)}
          />
          <CycleChart cycle={entry.cycle} days={entry.days} unit={unit} />
          <CycleCalendar cycle={entry.cycle} days={entry.days} />
          <DataTable
            caption={t('daily.table')}
            scrollLabel={t('daily.table')}
            rows={entry.days}
            rowKey={(d) => d.date}
            columns={[
              { key: 'date', header: t('daily.date'), render: (d) => date.format(atNoon(d.date)) },
              {
                key: 'temperature',
                header: `${t('charts:temperature')} (${unitSymbol(unit)})`,
                render: (d) =>
                  d.temperature === null
                    ? '—'
                    : formatTemperature(fromCelsius(d.temperature, unit), i18n.language),
              },
              {
                key: 'lh',
                header: `${t('charts:lh')} (${t('charts:lhUnit')})`,
                render: (d) => (d.lh === null ? '—' : formatLh(d.lh, i18n.language)),
              },
              {
                key: 'flow',
                header: t('daily.flow'),
                render: (d) => (d.flow ? t(`charts:flow.${d.flow}`) : '—'),
              },
              {
                key: 'mucus',
                header: t('daily.mucus'),
                render: (d) => (d.mucus ? t(`mucus.${d.mucus}`) : '—'),
              },
              {
                key: 'sex',
                header: t('charts:intercourse'),
                render: (d) =>
                  d.intercourse ? (
                    <Heart
                      role="img"
                      aria-label={t('charts:intercourse')}
                      className="h-4 w-4 fill-current text-rose-600"
                    />
                  ) : (
                    ''
                  ),
              },
              {
                key: 'test',
                header: t('daily.test'),
                render: (d) => (d.pregnancyTest ? t(`test.${d.pregnancyTest}`) : '—'),
              },
            ]}
          />
        </section>
      )}
    </div>
  );
}
