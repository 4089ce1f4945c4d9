/** Public files (avatars) as one server module: `GET /api/files/{uid}` from the blob store. */
import type { ServerModule } from '../app';
import { registerFileRoutes } from './routes';

export const filesModule: ServerModule = {
  name: 'files',
  api: (api, ctx, deps) => registerFileRoutes(api, ctx, deps.blobs),
  rawRoutes: {
    '/api/files/{uid}': {
      get: {
        summary: 'A public file (avatar) by its uid',
        tags: ['Files'],
        parameters: [{ name: 'uid', in: 'path', required: true, schema: { type: 'string' } }],
        responses: {
          '200': { description: 'The file' },
          '404': { description: 'Error envelope NOT_FOUND' },
        },
      },
    },
  },
};
