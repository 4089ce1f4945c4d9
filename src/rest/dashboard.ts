/** Dashboard and balance calls (issue 5; src/shared/api/dashboard.ts), one function per endpoint. */
import * as dashboard from '../shared/api/dashboard';
import { queryCall, type ApiClient, type CallExtra as Extra } from './client';

export const dashboardApi = (api: ApiClient) => ({
  dashboard: (extra?: Extra) => api.call(dashboard.getDashboard, { ...extra }),
  dashboardChart: queryCall(api, dashboard.getDashboardChart),
  balanceSummary: queryCall(api, dashboard.getBalanceSummary),
  balanceList: queryCall(api, dashboard.getBalanceList),
});
