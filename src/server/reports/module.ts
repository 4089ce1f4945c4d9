/**
 * Expert reports (spec §7 "Expert reports") as one server module: the provider's calls under
 * `/user/member/expertReport/` and the operator's commands (assign a report, grant report access,
 * list the health-data access log).
 */
import type { ServerModule } from '../app';
import { accessLogAdminRoutes } from '../access-log/admin-routes';
import { appSockets } from '../socket/registry';
import { reportAdminRoutes } from './admin-routes';
import { pushReportCompleted } from './report-push';
import { registerReportRoutes } from './report-routes';

let unsubscribe: (() => void) | null = null;

export const expertReportsModule: ServerModule = {
  name: 'expert-reports',
  api: (api, ctx) => registerReportRoutes(api, ctx),
  admin: (admin, ctx) => {
    reportAdminRoutes(admin, ctx);
    accessLogAdminRoutes(admin, ctx);
  },
  start(ctx) {
    // A completed report reaches the member's app socket (report-push.ts).
    unsubscribe = ctx.events.on('report.completed', async (completed) => {
      await pushReportCompleted(ctx, appSockets, completed);
    });
  },
  stop() {
    unsubscribe?.();
    unsubscribe = null;
  },
};
