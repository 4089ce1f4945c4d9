/**
 * The provider workspace (issue 5) as one server module: profile and review, certificate
 * documents, availability and calendar, clients and appointments, dashboard and balance, content,
 * and the reviewer and booking commands of the admin API.
 */
import type { ServerModule } from './app';
import { registerConsultationRoutes } from './consultation/consultation-routes';
import { bookingAdminRoutes } from './consultation/admin-routes';
import { registerContentRoutes } from './content/content-routes';
import { registerQuestionnaireRoutes } from './consultation/questionnaire-routes';
import { registerDashboardRoutes } from './dashboard/dashboard-routes';
import { auditAdminRoutes } from './profile/admin-routes';
import { registerDocumentRoutes } from './profile/documents';
import { registerAuditRoutes, registerProfileOptionRoutes } from './profile/profile-routes';
import { registerScheduleRoutes } from './schedule/schedule-routes';

export const workspaceModule: ServerModule = {
  name: 'workspace',
  api(api, ctx, deps) {
    registerProfileOptionRoutes(api, ctx);
    registerAuditRoutes(api, ctx);
    registerDocumentRoutes(api, ctx, deps.blobs);
    registerScheduleRoutes(api, ctx);
    registerConsultationRoutes(api, ctx);
    registerQuestionnaireRoutes(api, ctx);
    registerDashboardRoutes(api, ctx);
    registerContentRoutes(api, ctx);
  },
  admin: (admin, ctx) => {
    auditAdminRoutes(admin, ctx);
    bookingAdminRoutes(admin, ctx);
  },
};
