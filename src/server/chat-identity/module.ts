/** Chat identity as one server module: the signed-in provider's chat credentials for this portal session (spec §7). */
import type { ServerModule } from '../app';
import { registerChatIdentityRoutes } from './routes';

export const chatIdentityModule: ServerModule = {
  name: 'chat-identity',
  api: (api, ctx) => registerChatIdentityRoutes(api, ctx),
};
