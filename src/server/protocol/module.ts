/** Agreement protocols (spec §7 "Protocol") as one server module: terms and privacy, and agreeing to them. */
import type { ServerModule } from '../app';
import { registerProtocolRoutes } from './routes';

export const protocolModule: ServerModule = {
  name: 'protocol',
  api: (api, ctx) => registerProtocolRoutes(api, ctx),
};
