/**
 * The Messages feature's part in the chat connection's life (connections/ ChatPlugin), over the
 * shell's chat store (docs/architecture.md §3 "The portal runtime"): the unread counts of the chat
 * account (and of the unread dialog list while the connection is down), the events that feed the
 * store, dialogs, blocked users and rooms after the first login (and the rooms of each later
 * listing), and a clean store after sign-out. The provider's messages show from the outbox that
 * holds them (outgoing.ts).
 */
import type { ChatPlugin } from '../../connections';
import { wireChatEvents } from './chat-events';
import type { ChatStore } from './chat-store';
import { afterLogin, wireRoomsFollowList } from './chat-sync';
import { wireOutgoing } from './outgoing';
import { wireUnreadWhileDown } from './unread-while-down';

/** The plugin that keeps `store` in step with the shell's chat (signed-in-shell.tsx hands it over). */
export function createMessagesChatPlugin(store: ChatStore): ChatPlugin {
  return {
    account: (account) => store.seedUnread(account.items),
    wire(runtime) {
      const offs = [
        wireChatEvents(store, runtime),
        wireOutgoing(store, runtime),
        wireUnreadWhileDown(store, runtime),
        wireRoomsFollowList(store, runtime),
      ];
      return () => {
        for (const off of offs) off();
      };
    },
    afterLogin: (runtime) => afterLogin(store, runtime),
    reset: store.reset,
  };
}
