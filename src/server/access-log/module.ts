/**
 * The health-data access log (docs/security.md "Health-data access log") as one server module: the
 * operator's `access-log` command over the admin API. The log itself is written by the domains that
 * read health data (record-access.ts, chat-history-access.ts).
 */
import type { ServerModule } from '../app';
import { accessLogAdminRoutes } from './admin-routes';

export const accessLogModule: ServerModule = {
  name: 'access-log',
  admin: (admin, ctx) => accessLogAdminRoutes(admin, ctx),
};
