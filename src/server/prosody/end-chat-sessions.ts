/**
 * No chat access outlives the portal session (docs/architecture.md §3 "Auth"): when a provider's session
 * ends (sign-out, kick, expiry, password change, cancellation), Prosody closes that provider's
 * chat streams.
 */
import { userJid } from '../../shared/chat-address';
import type { ServerModule } from '../app';
import { closeChatSessions } from './admin-socket';

export const endChatSessionsModule: ServerModule = {
  name: 'end-chat-sessions',
  start(ctx, deps) {
    ctx.events.on('session.ended', async ({ chatId, reason }) => {
      const socket = deps.prosodyAdminSocket();
      if (!socket) return;
      const jid = userJid(chatId, ctx.config.chat.appId, ctx.config.chat.domain);
      try {
        const closed = await closeChatSessions(socket, jid, `Portal session ended (${reason.toLowerCase()})`);
        if (closed > 0) ctx.log.info({ jid, closed, reason }, 'chat sessions closed with the portal session');
      } catch (error) {
        ctx.log.error({ err: error, jid }, 'could not close chat sessions of an ended portal session');
      }
    });
  },
};
