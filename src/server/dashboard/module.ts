/** The dashboard and balance (spec §2 `/Dashboard/Dashboard`, `/Dashboard/balance`) as one server module. */
import type { ServerModule } from '../app';
import { registerDashboardRoutes } from './dashboard-routes';

export const dashboardModule: ServerModule = {
  name: 'dashboard',
  api: (api, ctx) => registerDashboardRoutes(api, ctx),
};
