/** Public files (avatars) as one server module: `GET /api/files/{uid}` from the blob store. */
import type { ServerModule } from '../app';
import { registerFileRoutes } from './routes';

export const filesModule: ServerModule = {
  name: 'files',
  api: (api, ctx, deps) => registerFileRoutes(api, ctx, deps.blobs),
};
