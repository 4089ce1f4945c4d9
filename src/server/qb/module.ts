/**
 * The chat-service stand-in (issue 4): `/qb` in the vendor's shapes over the server's one chat
 * history (chat-history/module.ts), chat-service tokens as XMPP passwords, and no chat-service
 * session outliving the portal session.
 */
import type { ServerModule } from '../app';
import { addChatPasswordCheck } from '../chat-identity/chat-users';
import { chatHistoryOf } from '../chat-history/module';
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

let sweep: NodeJS.Timeout | null = null;
let passwordCheckAdded = false;

export const chatServiceModule: ServerModule = {
  name: 'chat-service',
  async root(app, ctx, deps) {
    const chat = chatHistoryOf(ctx, deps);
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
  },
  stop() {
    if (sweep) clearInterval(sweep);
    sweep = null;
  },
};
