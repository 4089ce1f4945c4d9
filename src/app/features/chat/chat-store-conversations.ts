/**
 * The chat store's conversations: each one's entries merged by id (docs/lessons.md §4), counted
 * unread as they arrive live, ticked by markers and read by us (docs/lessons.md §10). Part of
 * `createChatStore` (chat-store.ts).
 */
import { ref } from 'valtio';
import { blankDialog, type ChatState, type ConversationState } from './chat-state';
import { mergeEntries, type ChatEntry } from './entries';
import { applyMarker } from './ticks';
import { coveredByServer, readsNewest, unreadAfterIncoming, unreadAfterRead } from './unread';

export interface ConversationMoves {
  /** A conversation's state, made empty on first use. */
  conversationOf(dialogId: string): ConversationState;
  setHistoryState(dialogId: string, state: Partial<Omit<ConversationState, 'entries'>>): void;
  /**
   * Adds entries (history pages, live messages, our own). With `live`, a message of someone
   * else we did not know yet counts as unread and becomes the dialog's last message.
   */
  addEntries(dialogId: string, entries: ChatEntry[], options?: { live?: boolean }): void;
  /** Changes one entry wherever it is (acks and errors name only the message id). */
  updateEntry(messageId: string, change: (entry: ChatEntry) => ChatEntry): void;
  markerArrived(
    dialogId: string | null,
    marker: { messageId: string; userId: number; kind: 'delivered' | 'read' },
  ): void;
  /**
   * Marks other people's messages read by us (seen here, or read on another device:
   * docs/lessons.md §10); returns the entries that changed, so the caller can tell the server.
   */
  markReadByMe(dialogId: string, ids: string[]): ChatEntry[];
}

/** The read ids kept aside per dialog (`ChatState.readHere`). */
const READ_KEPT = 50;

/**
 * A conversation's entries are held as one immutable array outside valtio's proxies (`ref`), and
 * every change replaces it: a snapshot of thousands of proxied entries cost ~100 ms per change
 * (docs/performance.md "Long lists"). Entries themselves are never changed in place.
 */
const held = (entries: ChatEntry[]): ChatEntry[] => ref(entries);

export function conversationMoves(state: ChatState): ConversationMoves {
  const moves: ConversationMoves = {
    conversationOf(dialogId) {
      return (state.conversations[dialogId] ??= {
        entries: held([]),
        loaded: false,
        loading: false,
        failed: false,
        hasOlder: true,
      });
    },

    setHistoryState(dialogId, history) {
      Object.assign(moves.conversationOf(dialogId), history);
    },

    addEntries(dialogId, entries, options = {}) {
      const conversation = moves.conversationOf(dialogId);
      const dialog = (state.dialogs[dialogId] ??= blankDialog(dialogId));
      const known = new Set(conversation.entries.map((e) => e.id));
      conversation.entries = held(mergeEntries(conversation.entries, entries));
      if (!options.live) return;
      // Read in another tab before this one applied it: relayed reads wait in readHere.
      const readElsewhere = new Set(state.readHere[dialogId] ?? []);
      for (const entry of entries) {
        const before = dialog.unread;
        dialog.unread = unreadAfterIncoming(dialog.unread, {
          fromMe: entry.senderId === state.me,
          alreadyKnown: known.has(entry.id),
          alreadyRead: (state.me !== null && entry.readBy.includes(state.me)) || readElsewhere.has(entry.id),
          serverCounted: coveredByServer(state.counted[dialogId], entry),
        });
        if (dialog.unread > before) (state.unseen[dialogId] ??= []).push(entry.id);
        if (!known.has(entry.id) && entry.sentAt >= (dialog.lastMessageAt ?? 0)) {
          dialog.lastMessage = entry.body;
          dialog.lastMessageId = entry.id;
          dialog.lastMessageAt = entry.sentAt;
          dialog.lastCall = entry.call;
        }
      }
    },

    updateEntry(messageId, change) {
      for (const conversation of Object.values(state.conversations)) {
        const index = conversation.entries.findIndex((e) => e.id === messageId);
        if (index < 0) continue;
        const next = change(conversation.entries[index]!);
        if (next !== conversation.entries[index])
          conversation.entries = held(conversation.entries.with(index, next));
        return;
      }
    },

    markerArrived(dialogId, marker) {
      const conversations = dialogId
        ? [state.conversations[dialogId]].filter((c) => c !== undefined)
        : Object.values(state.conversations);
      for (const conversation of conversations) {
        const next = applyMarker(conversation.entries, marker);
        if (next !== conversation.entries) conversation.entries = held(next);
      }
    },

    markReadByMe(dialogId, ids) {
      const me = state.me;
      const conversation = state.conversations[dialogId];
      if (me === null) return [];
      const changed: ChatEntry[] = [];
      if (conversation) {
        const wanted = new Set(ids);
        const entries = conversation.entries.map((entry) => {
          if (!wanted.has(entry.id) || entry.senderId === me || entry.readBy.includes(me)) return entry;
          const next = { ...entry, readBy: [...entry.readBy, me] };
          changed.push(next);
          return next;
        });
        // Unchanged, the conversation keeps its array: nothing re-renders (a long conversation).
        if (changed.length > 0) conversation.entries = held(entries);
      }
      // What this store holds carries its readers; only the ids it does not hold are kept aside,
      // each once: a read told again (to a tab that joined the shared connection) counts once.
      const holds = new Set(conversation?.entries.map((e) => e.id));
      const kept = state.readHere[dialogId] ?? [];
      const unheld = ids.filter((id) => !holds.has(id) && !kept.includes(id));
      if (unheld.length > 0) state.readHere[dialogId] = [...kept, ...unheld].slice(-READ_KEPT);
      // A read of the newest message this store knows of reads the whole dialog (XEP-0333 §4);
      // a read told again (to a tab that rejoined, whose newest may be stale) changes nothing.
      const dialog = state.dialogs[dialogId];
      const news = changed.length + unheld.length > 0;
      const readsAll = news && readsNewest(dialog?.lastMessageId ?? null, ids);
      const unseen = state.unseen[dialogId];
      if (unseen) state.unseen[dialogId] = readsAll ? [] : unseen.filter((id) => !ids.includes(id));
      // A message this store does not hold was never counted live here, so the server's count
      // holds it: it takes one off too (another tab read the older messages its history showed,
      // while this tab holds only the live ones).
      if (dialog)
        dialog.unread = readsAll ? 0 : unreadAfterRead(dialog.unread, changed.length + unheld.length);
      return changed;
    },
  };
  return moves;
}
