/**
 * Profile and review (spec §7 "Profile and schedule") as one server module: the option lists, the
 * submission for review and the audit info, certificate documents, and the reviewer's commands of
 * the admin API.
 */
import type { ServerModule } from '../app';
import { auditAdminRoutes } from './admin-routes';
import { registerDocumentRoutes } from './documents';
import { registerAuditRoutes, registerProfileOptionRoutes } from './profile-routes';

export const profileModule: ServerModule = {
  name: 'profile',
  api(api, ctx, deps) {
    registerProfileOptionRoutes(api, ctx);
    registerAuditRoutes(api, ctx);
    registerDocumentRoutes(api, ctx, deps.blobs);
  },
  admin: auditAdminRoutes,
};
