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
  rawRoutes: {
    '/api/consultation/invite/doctor/certificate/{id}': {
      get: {
        summary: "One of the signed-in provider's certificate documents (its bytes), owner only",
        tags: ['Profile'],
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        security: [{ authToken: [] }],
        responses: {
          '200': { description: 'The document' },
          '401': { description: 'Error envelope TOKEN_ERR_*' },
          '404': { description: 'Error envelope NOT_FOUND' },
        },
      },
    },
  },
  admin: auditAdminRoutes,
};
