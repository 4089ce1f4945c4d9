/**
 * The realtime chat state of one signed-in shell (docs/architecture.md §3 "The portal runtime"):
 * the shell makes one with `createChatStore`, hands it to the Messages plugin (chat-plugin.ts),
 * which keeps it in step with the shell's chat, and provides it to the screens, which read it
 * with `useChatStore` and `useChatState` (chat-store-context.ts). What it holds is listed in
 * chat-state.ts, in a valtio proxy that changes only through the store's moves: the dialog list
 * and unread counts (chat-store-dialogs.ts), the conversations (chat-store-conversations.ts), and
 * the small facts below. The contacts themselves are the chat client's roster (use-contact.ts).
 */
import { proxy } from 'valtio';
import type { chatApi } from '../../../rest';
import { initialChatState, type ChatState } from './chat-state';
import { conversationMoves, type ConversationMoves } from './chat-store-conversations';
import { dialogMoves, type DialogMoves } from './chat-store-dialogs';
import { createEntrySequence, type EntrySequence } from './convert';
import { totalUnread } from './unread';

export type { ChatState, ConversationState, DialogView } from './chat-state';

/**
 * What the store asks the own API (spec §7): the dialog list it owns (chat-sync.ts
 * `refreshDialogs`) and, while the chat is down, the unread list (unread-while-down.ts).
 */
export type ChatStoreServer = Pick<ReturnType<typeof chatApi>, 'dialogs' | 'unreadDialogs'>;

/** A store given no server: asking fails, as it would offline. */
const NO_SERVER: ChatStoreServer = {
  dialogs: () => Promise.reject(new Error('This chat store has no server')),
  unreadDialogs: () => Promise.reject(new Error('This chat store has no server')),
};

/** The chat state of one shell and its moves. */
export interface ChatStore extends DialogMoves, ConversationMoves {
  /** What the screens read (valtio: `useSnapshot`, through chat-store-context.ts and use-chat-slice.ts). */
  readonly state: ChatState;
  /** Numbers this store's entries in the order first seen (convert.ts). */
  readonly sequence: EntrySequence;
  /** Back to nothing: the chat stopped for good (sign-out, a page without chat). */
  reset(): void;
  /** Tells the provider what failed (the portal root's toasts). */
  say(text: string): void;
  /** Where its lists come from: the chat's calls on the portal root's client. */
  readonly server: ChatStoreServer;
  /** Who we are on the chat: set when the chat plugin is wired to a new connection. */
  setMe(me: number | null): void;
  setActive(dialogId: string | null): void;
  /** docs/lessons.md §11: the stack ends a stuck "composing" and ends it on any message from them. */
  setTyping(dialogId: string, userId: number, composing: boolean): void;
  clearTyping(): void;
  setPresence(userId: number, available: boolean): void;
  addRequest(userId: number): void;
  removeRequest(userId: number): void;
  setBlocked(ids: number[]): void;
  /** Whether the last read of the block list failed (blocked.ts `loadBlocked`); a change is not a read. */
  setBlockListFailed(failed: boolean): void;
  setOccupants(dialogId: string, ids: number[]): void;
  occupantChanged(dialogId: string, userId: number, present: boolean): void;
  setUpload(upload: ChatState['upload']): void;
}

/** The unread total of a state or its snapshot (spec §1 red dots). */
export function unreadTotal(state: { dialogs: Readonly<Record<string, { unread: number }>> }): number {
  return totalUnread(Object.values(state.dialogs));
}

/**
 * `say` tells the provider what failed: the portal root's toasts; `server` is where the lists come
 * from (the chat's calls on the root's client; a test that asks nothing gives none).
 */
export function createChatStore(say: (text: string) => void, server: ChatStoreServer = NO_SERVER): ChatStore {
  const state = proxy<ChatState>(initialChatState());
  const store: ChatStore = {
    state,
    sequence: createEntrySequence(),
    ...dialogMoves(state),
    ...conversationMoves(state),
    say,
    server,

    reset() {
      Object.assign(state, initialChatState());
    },

    setMe(me) {
      state.me = me;
    },

    setActive(dialogId) {
      state.active = dialogId;
    },

    setTyping(dialogId, userId, composing) {
      const current = state.typing[dialogId] ?? [];
      const next = composing ? [...new Set([...current, userId])] : current.filter((id) => id !== userId);
      if (next.length !== current.length) state.typing[dialogId] = next;
    },

    clearTyping() {
      state.typing = {};
    },

    setPresence(userId, available) {
      state.presence[userId] = available;
    },

    addRequest(userId) {
      if (!state.requests.includes(userId)) state.requests.push(userId);
    },

    removeRequest(userId) {
      state.requests = state.requests.filter((id) => id !== userId);
    },

    setBlocked(ids) {
      state.blocked = [...new Set(ids)].sort((a, b) => a - b);
    },

    setBlockListFailed(failed) {
      state.blockedFailed = failed;
    },

    setOccupants(dialogId, ids) {
      state.occupants[dialogId] = [...new Set(ids)];
    },

    occupantChanged(dialogId, userId, present) {
      const current = state.occupants[dialogId];
      if (!current) return;
      store.setOccupants(dialogId, present ? [...current, userId] : current.filter((id) => id !== userId));
    },

    setUpload(upload) {
      state.upload = upload;
    },
  };
  return store;
}
