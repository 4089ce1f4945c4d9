/**
 * The Messages feature's part in the chat connection's life (connections/ ChatPlugin): the unread
 * counts of the chat account (and of the unread dialog list while the connection is down), the
 * events that feed the chat store, dialogs, blocked users and rooms after the first login, and a
 * clean store after sign-out.
 */
import type { ChatPlugin } from '../../connections';
import { wireChatEvents } from './chat-events';
import { resetChat, seedUnread } from './chat-store';
import { afterLogin } from './chat-sync';
import { wireUnreadWhileDown } from './unread-while-down';

export const messagesChatPlugin: ChatPlugin = {
  account: (account) => seedUnread(account.items),
  wire(runtime) {
    const offs = [wireChatEvents(runtime), wireUnreadWhileDown(runtime)];
    return () => {
      for (const off of offs) off();
    };
  },
  afterLogin,
  reset: resetChat,
};
