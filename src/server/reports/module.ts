/**
 * Expert reports (spec §7 "Expert reports") as one server module: the provider's calls under
 * `/user/member/expertReport/` and the operator's commands (assign a report, grant report access,
 * list the health-data access log).
 */
import type { ServerModule } from '../app';
import { accessLogAdminRoutes } from '../access-log/admin-routes';
import { reportAdminRoutes } from './admin-routes';
import { registerReportRoutes } from './report-routes';

export const expertReportsModule: ServerModule = {
  name: 'expert-reports',
  api: (api, ctx) => registerReportRoutes(api, ctx),
  admin: (admin, ctx) => {
    reportAdminRoutes(admin, ctx);
    accessLogAdminRoutes(admin, ctx);
  },
};
