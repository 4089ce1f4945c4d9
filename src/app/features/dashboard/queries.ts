/** Server data of the dashboard feature (TanStack Query; docs/architecture.md §3): the dashboard and the balance. */
import { queryOptions } from '@tanstack/react-query';
import type { getDashboardChart } from '../../../shared/api/dashboard';
import type { QueryOf } from '../../../shared/api/endpoint';
import type { PortalApi } from '../../api/api-client';
import { dashboardCalls } from '../../api/domain-calls';
import { QUERY_ROOTS } from '../../api/query-keys';

/** Spec §2 /Dashboard/Dashboard: counts, today's and upcoming consultations, weekly activity. */
export const dashboardQuery = (api: PortalApi) =>
  queryOptions({ queryKey: QUERY_ROOTS.dashboard, queryFn: () => dashboardCalls(api).dashboard() });

/** The dashboard's weekly activity drawn on the server (activity-chart.tsx), per box width and language. */
export const dashboardChartQuery = (api: PortalApi, query: QueryOf<typeof getDashboardChart>) =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.dashboard, 'chart', query],
    queryFn: ({ signal }) => dashboardCalls(api).dashboardChart(query, { signal }),
  });

/** Spec §2 /Dashboard/balance: income per week or month. */
export const balanceSummaryQuery = (api: PortalApi, period: 'WEEK' | 'MONTH') =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.balance, 'summary', period],
    queryFn: () => dashboardCalls(api).balanceSummary({ period, count: period === 'MONTH' ? 6 : 8 }),
  });

/** Spec §2 /Dashboard/balance: one page of the balance's entries. */
export const balanceListQuery = (api: PortalApi, page: number, pageSize: number) =>
  queryOptions({
    queryKey: [...QUERY_ROOTS.balance, 'list', page, pageSize],
    queryFn: () => dashboardCalls(api).balanceList({ page, pageSize }),
  });
