/** Calls as one server module: the ICE servers of a call, with time-limited TURN credentials (docs/security.md "Calls"). */
import type { ServerModule } from '../app';
import { registerCallRoutes } from './routes';

export const callsModule: ServerModule = {
  name: 'calls',
  api: (api, ctx) => registerCallRoutes(api, ctx),
};
