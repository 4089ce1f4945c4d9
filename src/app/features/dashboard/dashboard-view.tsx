/**
 * /Dashboard/Dashboard (spec §2): today's and upcoming consultations, counts and weekly activity
 * (drawn on the server: activity-chart.tsx).
 * Unread messages come from the chat (the page passes the count; "—" until it is known); pending
 * reports are the expert reports assigned to the provider and not completed, from the server.
 */
import { useQuery } from '@tanstack/react-query';
import { memo, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { dashboardQuery } from './queries';
import { formatLocalDate } from '../../components/format';
import { ReadPending } from '../../components/query-failed';
import { paths } from '../../paths';
import { AppointmentList } from './appointment-list';
import { ActivityChart, type ActivitySeries } from './activity-chart';
import { StatCard } from './stat-card';
import { usePortalApi } from '../../root';

/**
 * Memoised: the page re-renders on every change of the chat's state (its unread count), and this
 * view only needs to when the count or its own data change (docs/performance.md "Where the main
 * thread goes").
 */
export const DashboardView = memo(function DashboardView({
  unreadMessages = null,
}: {
  unreadMessages?: number | null;
}) {
  const { t, i18n } = useTranslation('workspace');
  const api = usePortalApi();
  const query = useQuery(dashboardQuery(api));
  const d = query.data;
  const chart = useMemo(() => {
    if (!d) return null;
    return {
      categories: d.weeks.map((w) =>
        formatLocalDate(w.weekStart, i18n.language, { day: 'numeric', month: 'short' }),
      ),
      series: [
        { name: t('status.COMPLETED'), values: d.weeks.map((w) => w.completed) },
        { name: t('status.UPCOMING'), values: d.weeks.map((w) => w.upcoming) },
        { name: t('status.CANCELLED'), values: d.weeks.map((w) => w.cancelled) },
      ] satisfies [ActivitySeries, ActivitySeries, ActivitySeries],
    };
  }, [d, i18n.language, t]);
  if (!d)
    return (
      <ReadPending read={query}>
        <p className="text-slate-500">{t('common:loading')}</p>
      </ReadPending>
    );
  return (
    <div className="flex flex-col gap-6">
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3 xl:grid-cols-6">
        <StatCard label={t('dashboard.today')} value={d.today.length} />
        <StatCard label={t('dashboard.upcoming')} value={d.counts.upcoming} />
        <StatCard label={t('dashboard.completed')} value={d.counts.completed} />
        <StatCard label={t('dashboard.clients')} value={d.clients} />
        <StatCard
          label={t('dashboard.unread')}
          value={unreadMessages}
          note={unreadMessages === null ? t('dashboard.unreadNote') : undefined}
          action={
            unreadMessages ? (
              <Link to={paths.message} className="text-sm text-brand hover:underline">
                {t('messages:toMessages')}
              </Link>
            ) : undefined
          }
        />
        <StatCard label={t('dashboard.pendingReports')} value={d.pendingReports} />
      </div>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <AppointmentList title={t('dashboard.todayList')} items={d.today} empty={t('dashboard.noneToday')} />
        <AppointmentList
          title={t('dashboard.next')}
          items={d.upcoming}
          empty={t('dashboard.noneUpcoming')}
          withDate
        />
      </div>
      <section
        aria-label={t('dashboard.activity')}
        className="rounded-2xl border border-slate-200 bg-white p-5"
      >
        <div className="mb-2 flex items-center justify-between">
          <h2 className="font-semibold">{t('dashboard.activity')}</h2>
          <Link to={paths.balance} className="text-sm text-brand hover:underline">
            {t('dashboard.toBalance')}
          </Link>
        </div>
        {chart && (
          <ActivityChart
            label={t('dashboard.activity')}
            categories={chart.categories}
            series={chart.series}
          />
        )}
        <p className="mt-2 text-xs text-slate-500">{t('dashboard.zone', { timezone: d.timezone })}</p>
      </section>
    </div>
  );
});
