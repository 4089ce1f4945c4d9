/**
 * The Messages feature's part in the chat connection's life (connections/ ChatPlugin): the unread
 * counts of the chat account (and of the unread dialog list while the connection is down), the
 * events that feed the chat store, dialogs, blocked users and rooms after the first login, and a
 * clean store after sign-out. Messages an earlier page left unsent show as waiting until sent.
 */

/** The kept outbox's messages (connections/chat/outbox-store.ts) as the provider's own entries. */
function showRestored(records: readonly StoredOutgoing[]): void {
  const me = chatStore.me;
  if (me === null) return;
  for (const { item, at } of records) {
    if (item.kind !== 'message' || !item.message.id) continue;
    const { id, body, attachments = [] } = item.message;
    const entry = ownEntry({ id, dialogId: item.dialog.id, me, body, attachments: [...attachments] }, at);
    addEntries(item.dialog.id, [entry], { live: true });
  }
}
import type { ChatPlugin, StoredOutgoing } from '../../connections';
import { wireChatEvents } from './chat-events';
import { addEntries, chatStore, resetChat, seedUnread } from './chat-store';
import { ownEntry } from './convert';
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
  restored: showRestored,
  afterLogin,
  reset: resetChat,
};
