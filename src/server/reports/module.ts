/**
 * Expert reports (spec §7 "Expert reports") as one server module: the provider's calls under
 * `/user/member/expertReport/` and the operator's commands (assign a report, grant report access),
 * and the bot say to the member's app when a report is completed.
 */
import type { ServerModule } from '../app';
import { appSockets } from '../socket/registry';
import { reportAdminRoutes } from './admin-routes';
import { pushReportCompleted } from './member-push';
import { registerReportRoutes } from './report-routes';

let unsubscribe: (() => void)[] = [];

export const expertReportsModule: ServerModule = {
  name: 'expert-reports',
  api: (api, ctx) => registerReportRoutes(api, ctx),
  start(ctx) {
    unsubscribe = [
      ctx.events.on('report.completed', async (completed) => {
        await pushReportCompleted(ctx, appSockets, completed);
      }),
    ];
  },
  stop() {
    for (const off of unsubscribe) off();
    unsubscribe = [];
  },
  admin: (admin, ctx) => reportAdminRoutes(admin, ctx),
};
