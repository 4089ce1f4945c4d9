/**
 * Chat history (docs/architecture.md §2 "Inside the server"): the portal's chat routes under
 * `/api` (dialogs, history, clients), Prosody's history reports through its hook under
 * `/internal/prosody`, and the rooms of group dialogs made once Prosody runs. A server has one
 * {@link ChatHistory}, `chatHistoryOf(ctx, deps)`; the chat-service stand-in's `/qb` routes
 * write and read through the same one.
 */
import type { ModuleDeps, ServerModule } from '../app';
import type { ServerContext } from '../context';
import { registerHistoryHook } from './hook-routes';
import { ChatHistory } from './history';
import { registerChatPortalRoutes } from './portal-routes';
import { ProsodyBridge } from './prosody-bridge';
import { ReportProcessor } from './report';

/** Each server context's one chat history, made by whichever module asks first. */
const histories = new WeakMap<ServerContext, ChatHistory>();

export function chatHistoryOf(ctx: ServerContext, deps: Pick<ModuleDeps, 'prosodyAdminSocket'>): ChatHistory {
  let history = histories.get(ctx);
  if (!history) {
    history = new ChatHistory(ctx, new ProsodyBridge(deps.prosodyAdminSocket, ctx.config.chat.domain));
    histories.set(ctx, history);
  }
  return history;
}

export const chatHistoryModule: ServerModule = {
  name: 'chat-history',
  rawRoutes: {
    '/api/message/qb/avatar/default.svg': {
      get: {
        summary: 'The default avatar (spec §3 "A default avatar is used when none")',
        tags: ['Chat'],
        responses: { '200': { description: 'The image', content: { 'image/svg+xml': {} } } },
      },
    },
  },
  api(api, ctx) {
    registerChatPortalRoutes(api, ctx);
  },
  async root(app, ctx, deps) {
    await registerHistoryHook(app, ctx, new ReportProcessor(ctx, chatHistoryOf(ctx, deps)));
  },
  async start(ctx, deps) {
    try {
      const synced = await chatHistoryOf(ctx, deps).syncPendingRooms();
      if (synced) ctx.log.info({ rooms: synced }, 'chat rooms of group dialogs created');
    } catch (error) {
      ctx.log.warn({ err: error }, 'chat rooms of some group dialogs wait for the chat server');
    }
  },
};
