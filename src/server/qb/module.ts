/**
 * The chat-service stand-in (issue 4): `/qb` in the vendor's shapes, Prosody's history reports,
 * chat-service tokens as XMPP passwords, and no chat-service session outliving the portal session.
 */
import type { ServerModule } from '../app';
import { addChatPasswordCheck } from '../chat-identity/chat-users';
import { registerHistoryHook } from '../chat-history/hook-routes';
import { ChatHistory } from '../chat-history/history';
import { ProsodyBridge } from '../chat-history/prosody-bridge';
import { registerChatPortalRoutes } from '../chat-history/portal-routes';
import { ReportProcessor } from '../chat-history/report';
import { registerAddressBookRoutes } from './address-book-routes';
import { registerAiRoutes } from './ai-routes';
import { registerAuthRoutes } from './auth-routes';
import { registerBlobRoutes } from './blobs-routes';
import { registerDataRoutes } from './data-routes';
import { registerDialogRoutes } from './dialogs-routes';
import { registerMessageRoutes } from './messages-routes';
import { registerPasswordReset } from './password-reset';
import { registerPushRoutes } from './push-routes';
import { registerQbScope } from './scope';
import { destroyUserSessions, sweepQbSessions, tokenBelongsTo } from './sessions';
import { registerSettingsRoutes } from './settings-routes';
import { registerUserRoutes } from './users-routes';

let history: ChatHistory | null = null;
let sweep: NodeJS.Timeout | null = null;
let passwordCheckAdded = false;

export const chatServiceModule: ServerModule = {
  name: 'chat-service',
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
    history = new ChatHistory(ctx, new ProsodyBridge(deps.prosodyAdminSocket, ctx.config.chat.domain));
    const chat = history;
    await registerQbScope(app, ctx, (scope) => {
      registerAuthRoutes(scope, ctx);
      registerUserRoutes(scope, ctx, deps.blobs);
      registerPasswordReset(scope, ctx, deps.mailer);
      registerDialogRoutes(scope, ctx, chat);
      registerMessageRoutes(scope, ctx, chat);
      registerBlobRoutes(scope, ctx, deps.blobs);
      registerDataRoutes(scope, ctx, deps.blobs);
      registerAddressBookRoutes(scope, ctx);
      registerPushRoutes(scope, ctx);
      registerSettingsRoutes(scope, ctx);
      registerAiRoutes(scope, ctx);
    });
    await registerHistoryHook(app, ctx, new ReportProcessor(ctx, chat));
  },
  async start(ctx) {
    // docs/wire/hosted-chat.md §12 "Password": the current chat-service session token logs in too.
    if (!passwordCheckAdded) {
      addChatPasswordCheck((c, chatId, password) => tokenBelongsTo(c, password, chatId));
      passwordCheckAdded = true;
    }
    ctx.events.on('session.ended', async ({ chatId }) => {
      const ended = await destroyUserSessions(ctx, chatId);
      if (ended > 0) ctx.log.info({ chatId, ended }, 'chat-service sessions ended with the portal session');
    });
    sweep = setInterval(() => {
      sweepQbSessions(ctx).catch((error: unknown) =>
        ctx.log.error({ err: error }, 'chat-service session sweep failed'),
      );
    }, 3600_000);
    sweep.unref();
    try {
      const synced = await history?.syncPendingRooms();
      if (synced) ctx.log.info({ rooms: synced }, 'chat rooms of group dialogs created');
    } catch (error) {
      ctx.log.warn({ err: error }, 'chat rooms of some group dialogs wait for the chat server');
    }
  },
  stop() {
    if (sweep) clearInterval(sweep);
    sweep = null;
  },
};
