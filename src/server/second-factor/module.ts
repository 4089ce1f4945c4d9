/**
 * The second factor as one server module (docs/security.md "Second factor"): the provider's
 * endpoints under `/api` and the operator's reset.
 */
import type { ServerModule } from '../app';
import { secondFactorAdminRoutes } from './admin-routes';
import { registerSecondFactorRoutes } from './routes';

export const secondFactorModule: ServerModule = {
  name: 'second-factor',
  api: (api, ctx) => registerSecondFactorRoutes(api, ctx),
  admin: secondFactorAdminRoutes,
};
