/** Content providers recommend (spec §7 "Content"): blog posts and videos, as one server module. */
import type { ServerModule } from '../app';
import { registerContentRoutes } from './content-routes';

export const contentModule: ServerModule = {
  name: 'content',
  api: (api, ctx) => registerContentRoutes(api, ctx),
};
