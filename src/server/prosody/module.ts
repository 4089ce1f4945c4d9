/**
 * The chat server's part of the portal as one server module: Prosody's hooks under
 * `/internal/prosody` (every XMPP login, `hooks.ts`), and no chat access outliving the portal
 * session (docs/architecture.md §3 "Auth"): when a provider's session ends (sign-out, kick,
 * expiry, password change, cancellation), Prosody closes that provider's chat streams. Prosody
 * itself is spawned and supervised by `main.ts` (`supervisor.ts`).
 */
import { userJid } from '../../shared/chat-address';
import type { ServerModule } from '../app';
import { closeChatSessions } from './admin-socket';
import { registerProsodyHooks } from './hooks';

let unsubscribe: (() => void)[] = [];

export const prosodyModule: ServerModule = {
  name: 'prosody',
  root: (app, ctx) => registerProsodyHooks(app, ctx),
  start(ctx, deps) {
    unsubscribe = [
      ctx.events.on('session.ended', async ({ chatId, reason }) => {
        const socket = deps.prosodyAdminSocket();
        if (!socket) return;
        const jid = userJid(chatId, ctx.config.chat.appId, ctx.config.chat.domain);
        try {
          const closed = await closeChatSessions(
            socket,
            jid,
            `Portal session ended (${reason.toLowerCase()})`,
          );
          if (closed > 0)
            ctx.log.info({ jid, closed, reason }, 'chat sessions closed with the portal session');
        } catch (error) {
          ctx.log.error({ err: error, jid }, 'could not close chat sessions of an ended portal session');
        }
      }),
    ];
  },
  stop() {
    for (const off of unsubscribe) off();
    unsubscribe = [];
  },
};
