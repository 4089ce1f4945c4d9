/**
 * Realtime chat state of the portal (docs/architecture.md §3: a valtio store owned by this module; every
 * change goes through the functions below): who we are on the chat, dialogs with
 * unread counts (spec §3 "items with unreadMessagesCount"), each conversation's entries merged by
 * id (docs/lessons.md §4), typing, presence, contact requests, blocked users, room occupants. The
 * contacts themselves are the chat client's roster (use-contact.ts).
 */
import { DIALOG_TYPE, type DialogTypeCode } from '../../../shared/dialog-type';
import { proxy, ref } from 'valtio';
import { mergeEntries, type ChatEntry } from './entries';
import { applyMarker } from './ticks';
import {
  coveredByServer,
  notCoveredByServer,
  totalUnread,
  unreadAfterIncoming,
  unreadAfterRead,
  unreadFromAccount,
  readPastServerMark,
  unreadFromServer,
  type ServerMark,
} from './unread';

export interface DialogView {
  id: string;
  /** 1 public group, 2 group, 3 private (docs/wire/hosted-chat.md §5.1). */
  type: DialogTypeCode;
  name: string;
  avatar: string | null;
  /** The member of a private dialog. */
  clientChatId: number | null;
  occupantIds: readonly number[];
  lastMessage: string | null;
  lastMessageId: string | null;
  /** ms */
  lastMessageAt: number | null;
  unread: number;
}

export interface ConversationState {
  entries: ChatEntry[];
  /** The newest page of history has been loaded. */
  loaded: boolean;
  loading: boolean;
  failed: boolean;
  hasOlder: boolean;
}

export interface ChatState {
  /** Unread counts are known (the chat account info arrived). */
  unreadKnown: boolean;
  /** The server's dialog list: asked for, in, or not to be had (chat-sync.ts `refreshDialogs`). */
  dialogList: 'loading' | 'listed' | 'failed';
  me: number | null;
  active: string | null;
  dialogs: Record<string, DialogView>;
  conversations: Record<string, ConversationState>;
  typing: Record<string, number[]>;
  presence: Record<number, boolean>;
  requests: number[];
  blocked: number[];
  occupants: Record<string, number[]>;
  /**
   * Messages of others that arrived live in this tab, are not read yet and are not in the
   * server's last count, per dialog.
   */
  unseen: Record<string, string[]>;
  /** What the last dialog list count of each dialog covered (unread.ts ServerMark). */
  counted: Record<string, ServerMark>;
  /**
   * Messages read in another tab that this one does not hold (a follower on another page), per
   * dialog, the newest READ_KEPT: a later dialog list count that covers only those is stale
   * (unread.ts `readPastServerMark`; the messages it holds say so by their `readBy`).
   */
  readHere: Record<string, string[]>;
  upload: { dialogId: string; name: string; fraction: number } | null;
}

const initial = (): ChatState => ({
  unreadKnown: false,
  dialogList: 'loading',
  me: null,
  active: null,
  dialogs: {},
  conversations: {},
  typing: {},
  presence: {},
  requests: [],
  blocked: [],
  occupants: {},
  unseen: {},
  counted: {},
  readHere: {},
  upload: null,
});

const READ_KEPT = 50;

export const chatStore = proxy<ChatState>(initial());

export function resetChat(): void {
  Object.assign(chatStore, initial());
}

/** Who we are on the chat: set when the chat plugin is wired to a new connection. */
export function setMe(me: number | null): void {
  chatStore.me = me;
}

export function setActive(dialogId: string | null): void {
  chatStore.active = dialogId;
}

const blankDialog = (id: string): DialogView => ({
  id,
  type: DIALOG_TYPE.private,
  name: '',
  avatar: null,
  clientChatId: null,
  occupantIds: [],
  lastMessage: null,
  lastMessageId: null,
  lastMessageAt: null,
  unread: 0,
});

/**
 * The server's unread dialog list (only dialogs with unread messages): listed ones take its count,
 * every other known dialog has nothing unread on the server any more.
 */
export function applyUnreadList(items: Array<{ dialogId: string; unreadMessagesCount: number }>): void {
  const listed = new Set(items.map((i) => i.dialogId));
  for (const dialog of Object.values(chatStore.dialogs)) {
    if (!listed.has(dialog.id))
      dialog.unread = unreadFromAccount(0, chatStore.unseen[dialog.id]?.length ?? 0);
  }
  seedUnread(items);
}

/** Server counts per dialog (chat account info): the baseline of spec §1 red dots. */
export function seedUnread(items: Array<{ dialogId: string; unreadMessagesCount: number }>): void {
  for (const item of items) {
    const dialog = (chatStore.dialogs[item.dialogId] ??= blankDialog(item.dialogId));
    dialog.unread = unreadFromAccount(item.unreadMessagesCount, chatStore.unseen[item.dialogId]?.length ?? 0);
  }
  chatStore.unreadKnown = true;
}

/**
 * The dialog list from the server; a newer live last message is kept. Its count covers the stored
 * messages up to its last one: live ones it covers are not counted again, now or when they arrive.
 */
export function seedDialogs(dialogs: DialogView[]): void {
  for (const next of dialogs) {
    const known = chatStore.dialogs[next.id];
    const keepLast = known?.lastMessageAt != null && (next.lastMessageAt ?? 0) < known.lastMessageAt;
    const mark: ServerMark = {
      lastMessageId: next.lastMessageId,
      lastDateSent: next.lastMessageAt === null ? null : Math.floor(next.lastMessageAt / 1000),
    };
    chatStore.counted[next.id] = mark;
    const entries = chatStore.conversations[next.id]?.entries ?? [];
    const uncovered = notCoveredByServer(mark, chatStore.unseen[next.id] ?? [], entries);
    chatStore.unseen[next.id] = uncovered;
    const unread = readPastServerMark(mark, entries, chatStore.me, chatStore.readHere[next.id])
      ? uncovered.length
      : unreadFromServer(next.unread, uncovered.length);
    chatStore.dialogs[next.id] = keepLast
      ? {
          ...next,
          unread,
          lastMessage: known.lastMessage,
          lastMessageId: known.lastMessageId,
          lastMessageAt: known.lastMessageAt,
        }
      : { ...next, unread };
  }
  chatStore.unreadKnown = true;
  chatStore.dialogList = 'listed';
}

/** The server's dialog list could not be had: the list shows what it holds (live dialogs), no longer loading. */
export function dialogsUnlisted(): void {
  if (chatStore.dialogList === 'loading') chatStore.dialogList = 'failed';
}

/**
 * A conversation's entries are held as one immutable array outside valtio's proxies (`ref`), and
 * every change replaces it: a snapshot of thousands of proxied entries cost ~100 ms per change
 * (docs/performance.md "Long lists"). Entries themselves are never changed in place.
 */
const held = (entries: ChatEntry[]): ChatEntry[] => ref(entries);

export function conversationOf(dialogId: string): ConversationState {
  return (chatStore.conversations[dialogId] ??= {
    entries: held([]),
    loaded: false,
    loading: false,
    failed: false,
    hasOlder: true,
  });
}

export function setHistoryState(dialogId: string, state: Partial<Omit<ConversationState, 'entries'>>): void {
  Object.assign(conversationOf(dialogId), state);
}

/**
 * Adds entries (history pages, live messages, our own). With `live`, a message of someone else we
 * did not know yet counts as unread and becomes the dialog's last message.
 */
export function addEntries(dialogId: string, entries: ChatEntry[], options: { live?: boolean } = {}): void {
  const conversation = conversationOf(dialogId);
  const dialog = (chatStore.dialogs[dialogId] ??= blankDialog(dialogId));
  const known = new Set(conversation.entries.map((e) => e.id));
  conversation.entries = held(mergeEntries(conversation.entries, entries));
  if (!options.live) return;
  for (const entry of entries) {
    const before = dialog.unread;
    dialog.unread = unreadAfterIncoming(dialog.unread, {
      fromMe: entry.senderId === chatStore.me,
      alreadyKnown: known.has(entry.id),
      alreadyRead: chatStore.me !== null && entry.readBy.includes(chatStore.me),
      serverCounted: coveredByServer(chatStore.counted[dialogId], entry),
    });
    if (dialog.unread > before) (chatStore.unseen[dialogId] ??= []).push(entry.id);
    if (!known.has(entry.id) && entry.sentAt >= (dialog.lastMessageAt ?? 0)) {
      dialog.lastMessage = entry.body;
      dialog.lastMessageId = entry.id;
      dialog.lastMessageAt = entry.sentAt;
    }
  }
}

/** Changes one entry wherever it is (acks and errors name only the message id). */
export function updateEntry(messageId: string, change: (entry: ChatEntry) => ChatEntry): void {
  for (const conversation of Object.values(chatStore.conversations)) {
    const index = conversation.entries.findIndex((e) => e.id === messageId);
    if (index < 0) continue;
    const next = change(conversation.entries[index]!);
    if (next !== conversation.entries[index])
      conversation.entries = held(conversation.entries.with(index, next));
    return;
  }
}

export function markerArrived(
  dialogId: string | null,
  marker: { messageId: string; userId: number; kind: 'delivered' | 'read' },
): void {
  const conversations = dialogId
    ? [chatStore.conversations[dialogId]].filter((c) => c !== undefined)
    : Object.values(chatStore.conversations);
  for (const conversation of conversations) {
    const next = applyMarker(conversation.entries, marker);
    if (next !== conversation.entries) conversation.entries = held(next);
  }
}

/**
 * Marks other people's messages read by us (seen here, or read on another device: docs/lessons.md
 * §10); returns the entries that changed, so the caller can tell the server about them.
 */
export function markReadByMe(dialogId: string, ids: string[]): ChatEntry[] {
  const me = chatStore.me;
  const conversation = chatStore.conversations[dialogId];
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
  // What this tab holds carries its readers; only the ids it does not hold are kept aside.
  const holds = new Set(conversation?.entries.map((e) => e.id));
  const unheld = ids.filter((id) => !holds.has(id));
  if (unheld.length > 0)
    chatStore.readHere[dialogId] = [...(chatStore.readHere[dialogId] ?? []), ...unheld].slice(-READ_KEPT);
  const unseen = chatStore.unseen[dialogId];
  if (unseen) chatStore.unseen[dialogId] = unseen.filter((id) => !ids.includes(id));
  const dialog = chatStore.dialogs[dialogId];
  const count = conversation ? changed.length : ids.length;
  if (dialog) dialog.unread = unreadAfterRead(dialog.unread, count);
  return changed;
}

export function unreadTotal(
  state: { dialogs: Readonly<Record<string, { unread: number }>> } = chatStore,
): number {
  return totalUnread(Object.values(state.dialogs));
}

/** docs/lessons.md §11: the stack ends a stuck "composing" and ends it on any message from them. */
export function setTyping(dialogId: string, userId: number, composing: boolean): void {
  const current = chatStore.typing[dialogId] ?? [];
  const next = composing ? [...new Set([...current, userId])] : current.filter((id) => id !== userId);
  if (next.length !== current.length) chatStore.typing[dialogId] = next;
}

export function clearTyping(): void {
  chatStore.typing = {};
}

export function setPresence(userId: number, available: boolean): void {
  chatStore.presence[userId] = available;
}

export function addRequest(userId: number): void {
  if (!chatStore.requests.includes(userId)) chatStore.requests.push(userId);
}

export function removeRequest(userId: number): void {
  chatStore.requests = chatStore.requests.filter((id) => id !== userId);
}

export function setBlocked(ids: number[]): void {
  chatStore.blocked = [...new Set(ids)].sort((a, b) => a - b);
}

export function setOccupants(dialogId: string, ids: number[]): void {
  chatStore.occupants[dialogId] = [...new Set(ids)];
}

export function occupantChanged(dialogId: string, userId: number, present: boolean): void {
  const current = chatStore.occupants[dialogId];
  if (!current) return;
  setOccupants(dialogId, present ? [...current, userId] : current.filter((id) => id !== userId));
}

export function setUpload(upload: ChatState['upload']): void {
  chatStore.upload = upload;
}
