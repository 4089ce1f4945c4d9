/**
 * Expert reports (spec §7 "Expert reports") as one server module. So far the admin API assigns
 * reports (which notifies the provider) and the dashboard counts the pending ones; the reports
 * issue adds the provider's endpoints (reportList, claim, disclaim, completed …) here.
 */
import type { ServerModule } from '../app';
import { reportAdminRoutes } from './admin-routes';

export const expertReportsModule: ServerModule = {
  name: 'expert-reports',
  admin: reportAdminRoutes,
};
