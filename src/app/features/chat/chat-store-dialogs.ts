/**
 * The chat store's dialog list and unread counts (spec §1 red dots; spec §3 "items with
 * unreadMessagesCount"): the server's counts and list feed the store, which keeps live messages
 * the server has not counted yet (unread.ts). Part of `createChatStore` (chat-store.ts).
 */
import { blankDialog, type ChatState, type DialogView } from './chat-state';
import {
  notCoveredByServer,
  readPastServerMark,
  unreadFromAccount,
  unreadFromServer,
  type ServerMark,
} from './unread';

type UnreadItems = Array<{ dialogId: string; unreadMessagesCount: number }>;

export interface DialogMoves {
  /** Server counts per dialog (chat account info): the baseline of spec §1 red dots. */
  seedUnread(items: UnreadItems): void;
  /**
   * The server's unread dialog list (only dialogs with unread messages): listed ones take its
   * count, every other known dialog has nothing unread on the server any more.
   */
  applyUnreadList(items: UnreadItems): void;
  /**
   * The dialog list from the server; a newer live last message is kept. Its count covers the
   * stored messages up to its last one: live ones it covers are not counted again, now or when
   * they arrive.
   */
  seedDialogs(dialogs: DialogView[]): void;
  /**
   * The server's dialog list could not be had: the list shows what it holds (live dialogs) and
   * that it failed, with a retry (dialog-list.tsx).
   */
  dialogsUnlisted(): void;
  /**
   * Asks for the dialog list with `ask` (chat-sync.ts `refreshDialogs`). Each listing asks anew —
   * a change it must see may be newer than a request under way — and only the newest request's
   * answer is applied, as an older one may predate a dialog just created; every listing resolves
   * once that answer is in, since what follows reads the list. A list that had failed shows as
   * loading again while it is asked.
   */
  listDialogs(ask: () => Promise<DialogView[]>): Promise<void>;
}

export function dialogMoves(state: ChatState): DialogMoves {
  /** The newest dialog list request, and the listings waiting for its answer. */
  let requests = 0;
  const waiting = new Set<() => void>();

  const moves: DialogMoves = {
    seedUnread(items) {
      for (const item of items) {
        const dialog = (state.dialogs[item.dialogId] ??= blankDialog(item.dialogId));
        dialog.unread = unreadFromAccount(item.unreadMessagesCount, state.unseen[item.dialogId]?.length ?? 0);
      }
      state.unreadKnown = true;
    },

    applyUnreadList(items) {
      const listed = new Set(items.map((i) => i.dialogId));
      for (const dialog of Object.values(state.dialogs)) {
        if (!listed.has(dialog.id))
          dialog.unread = unreadFromAccount(0, state.unseen[dialog.id]?.length ?? 0);
      }
      moves.seedUnread(items);
    },

    seedDialogs(dialogs) {
      for (const next of dialogs) {
        const known = state.dialogs[next.id];
        const keepLast = known?.lastMessageAt != null && (next.lastMessageAt ?? 0) < known.lastMessageAt;
        const mark: ServerMark = {
          lastMessageId: next.lastMessageId,
          lastDateSent: next.lastMessageAt === null ? null : Math.floor(next.lastMessageAt / 1000),
        };
        state.counted[next.id] = mark;
        const entries = state.conversations[next.id]?.entries ?? [];
        const uncovered = notCoveredByServer(mark, state.unseen[next.id] ?? [], entries);
        state.unseen[next.id] = uncovered;
        const unread = readPastServerMark(mark, entries, state.me, state.readHere[next.id])
          ? uncovered.length
          : unreadFromServer(next.unread, uncovered.length);
        state.dialogs[next.id] = keepLast
          ? {
              ...next,
              unread,
              lastMessage: known.lastMessage,
              lastMessageId: known.lastMessageId,
              lastMessageAt: known.lastMessageAt,
              lastCall: known.lastCall,
            }
          : { ...next, unread };
      }
      state.unreadKnown = true;
      state.dialogList = 'listed';
    },

    dialogsUnlisted() {
      if (state.dialogList === 'loading') state.dialogList = 'failed';
    },

    listDialogs(ask) {
      const request = ++requests;
      if (state.dialogList === 'failed') state.dialogList = 'loading';
      const settled = () => {
        for (const resolve of waiting) resolve();
        waiting.clear();
      };
      ask().then(
        (dialogs) => {
          if (request !== requests) return;
          moves.seedDialogs(dialogs);
          settled();
        },
        (error: unknown) => {
          if (request !== requests) return;
          // The API client has shown a failure; the list stays as it was.
          console.warn('Chat dialogs', error);
          moves.dialogsUnlisted();
          settled();
        },
      );
      return new Promise((resolve) => waiting.add(resolve));
    },
  };
  return moves;
}
