/** Dashboard and balance calls (issue 5; src/shared/api/dashboard.ts), one function per endpoint. */
import * as dashboard from '../shared/api/dashboard';
import type { QueryOf } from '../shared/api/endpoint';
import type { ApiClient, CallExtra as Extra, CallQuery as Query } from './client';

export const dashboardApi = (api: ApiClient) => ({
  dashboard: (extra?: Extra) => api.call(dashboard.getDashboard, { ...extra }),
  dashboardChart: (query: QueryOf<typeof dashboard.getDashboardChart>, extra?: Extra) =>
    api.call(dashboard.getDashboardChart, { query: query as Query, ...extra }),
  balanceSummary: (query: QueryOf<typeof dashboard.getBalanceSummary>, extra?: Extra) =>
    api.call(dashboard.getBalanceSummary, { query: query as Query, ...extra }),
  balanceList: (query: QueryOf<typeof dashboard.getBalanceList>, extra?: Extra) =>
    api.call(dashboard.getBalanceList, { query: query as Query, ...extra }),
});
