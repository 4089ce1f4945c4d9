/**
 * /Dashboard/balance (spec §2): earnings in total and per week or month, and per consultation;
 * USD is shown as $ (spec §9).
 */
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { THEME_COLOUR, TABLE_PAGE_SIZES } from '../../../shared/constants';
import { balanceListQuery, balanceSummaryQuery } from './queries';
import { ReadFailure } from '../../components/query-failed';
import { DataTable } from '../../components/data-table';
import { formatDateTime, formatLocalDate, formatMoney } from '../../components/format';
import { Pagination } from '../../components/pagination';
import { paths } from '../../paths';
import { BarChart } from './bar-chart';
import { StatCard } from './stat-card';
import { usePortalApi, useTimeZone } from '../../root';

export function BalanceView() {
  const { t, i18n } = useTranslation('workspace');
  const timeZone = useTimeZone();
  const lang = i18n.language;
  const [period, setPeriod] = useState<'WEEK' | 'MONTH'>('MONTH');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(TABLE_PAGE_SIZES[0]);
  const api = usePortalApi();
  const summary = useQuery({ ...balanceSummaryQuery(api, period), placeholderData: keepPreviousData });
  const list = useQuery({ ...balanceListQuery(api, page, pageSize), placeholderData: keepPreviousData });
  const s = summary.data;
  const currency = s?.currency ?? 'USD';
  const money = useCallback((cents: number) => formatMoney(cents, currency, lang), [currency, lang]);
  const chart = useMemo(() => {
    if (!s) return null;
    const style: Intl.DateTimeFormatOptions =
      period === 'MONTH' ? { month: 'short', year: '2-digit' } : { day: 'numeric', month: 'short' };
    return {
      categories: s.periods.map((p) => formatLocalDate(p.start, lang, style)),
      series: [
        { name: t('balance.earned'), values: s.periods.map((p) => p.amountCents / 100), color: THEME_COLOUR },
      ],
    };
  }, [s, lang, period, t]);
  const chartMoney = useCallback((v: number) => money(Math.round(v * 100)), [money]);

  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard label={t('balance.total')} value={s ? money(s.totalEarnedCents) : null} />
        <StatCard
          label={t('balance.booked')}
          value={s ? money(s.bookedCents) : null}
          note={t('balance.bookedNote')}
        />
        <StatCard label={t('balance.consultations')} value={s ? s.completedConsultations : null} />
      </div>
      <section
        aria-label={t('balance.perPeriod')}
        className="rounded-2xl border border-slate-200 bg-white p-5"
      >
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
          <h2 className="font-semibold">{t('balance.perPeriod')}</h2>
          <div
            role="group"
            aria-label={t('balance.period')}
            className="flex rounded-lg border border-slate-300 p-0.5"
          >
            {(['WEEK', 'MONTH'] as const).map((p) => (
              <button
                key={p}
                type="button"
                aria-pressed={period === p}
                onClick={() => setPeriod(p)}
                className={`rounded-md px-3 py-1 text-sm ${period === p ? 'bg-brand text-white' : 'text-slate-700'}`}
              >
                {t(`balance.${p}`)}
              </button>
            ))}
          </div>
        </div>
        <ReadFailure read={summary} />
        {chart && (
          <BarChart
            label={t('balance.perPeriod')}
            categories={chart.categories}
            series={chart.series}
            formatValue={chartMoney}
          />
        )}
      </section>
      <section aria-label={t('balance.perConsultation')} className="flex flex-col gap-2">
        <h2 className="font-semibold">{t('balance.perConsultation')}</h2>
        <DataTable
          caption={t('balance.perConsultation')}
          rows={list.data?.list ?? []}
          rowKey={(r) => r.appointmentId}
          loading={list.isPending}
          read={list}
          stale={list.isPlaceholderData}
          columns={[
            {
              key: 'date',
              header: t('orders.when'),
              render: (r) => formatDateTime(r.startsAt, lang, timeZone),
            },
            {
              key: 'client',
              header: t('orders.client'),
              render: (r) => (
                <Link
                  className="text-brand hover:underline"
                  to={`${paths.orderDetail}?id=${r.appointmentId}`}
                >
                  {r.memberName}
                </Link>
              ),
            },
            {
              key: 'duration',
              header: t('balance.duration'),
              render: (r) => t('balance.minutes', { count: r.durationMinutes }),
            },
            {
              key: 'amount',
              header: t('balance.amount'),
              className: 'text-right',
              render: (r) => formatMoney(r.amountCents, r.currency, lang),
            },
          ]}
        />
        <Pagination
          page={page}
          pageSize={pageSize}
          total={list.data?.total ?? 0}
          onChange={(p, size) => {
            setPage(p);
            setPageSize(size);
          }}
        />
      </section>
    </div>
  );
}
