/**
 * The Messages feature's part in the chat connection's life (connections/ ChatPlugin), over the
 * shell's chat store (docs/architecture.md §3 "The portal runtime"): the unread counts of the chat
 * account (and of the unread dialog list while the connection is down), the events that feed the
 * store, dialogs, blocked users and rooms after the first login, and a clean store after sign-out.
 * Messages an earlier page left unsent show as waiting until sent.
 */
import type { ChatPlugin, StoredOutgoing } from '../../connections';
import { wireChatEvents } from './chat-events';
import type { ChatStore } from './chat-store';
import { afterLogin } from './chat-sync';
import { ownEntry } from './convert';
import { wireUnreadWhileDown } from './unread-while-down';

/** The kept outbox's messages (connections/chat/outbox-store.ts) as the provider's own entries. */
function showRestored(store: ChatStore, records: readonly StoredOutgoing[]): void {
  const me = store.state.me;
  if (me === null) return;
  for (const { item, at } of records) {
    if (item.kind !== 'message' || !item.message.id) continue;
    const { id, body, attachments = [] } = item.message;
    const fields = { id, dialogId: item.dialog.id, me, body, attachments: [...attachments] };
    store.addEntries(item.dialog.id, [ownEntry(fields, store.sequence, at)], { live: true });
  }
}

/** The plugin that keeps `store` in step with the shell's chat (signed-in-shell.tsx hands it over). */
export function createMessagesChatPlugin(store: ChatStore): ChatPlugin {
  return {
    account: (account) => store.seedUnread(account.items),
    wire(runtime) {
      const offs = [wireChatEvents(store, runtime), wireUnreadWhileDown(store, runtime)];
      return () => {
        for (const off of offs) off();
      };
    },
    restored: (records) => showRestored(store, records),
    afterLogin: (runtime) => afterLogin(store, runtime),
    reset: store.reset,
  };
}
