/**
 * What the chat store holds (chat-store.ts): dialogs with unread counts (spec §3 "items with
 * unreadMessagesCount"), each conversation's entries, typing, presence, contact requests, blocked
 * users, room occupants, the server's unread marks and the upload under way.
 */
import { DIALOG_TYPE, type DialogTypeCode } from '../../../shared/dialog-type';
import type { CallRecord } from '../../../shared/call-record';
import type { ChatEntry } from './entries';
import type { ServerMark } from './unread';

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
  /** The last message's call record, if it is one: the list shows it in the reader's language. */
  lastCall: CallRecord | null;
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
  /** The block list could not be read (blocked.ts `loadBlocked`): Settings says so, with a retry. */
  blockedFailed: boolean;
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

/** A store with nothing in it: a new shell's, and every store after its chat stopped. */
export const initialChatState = (): ChatState => ({
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
  blockedFailed: false,
  occupants: {},
  unseen: {},
  counted: {},
  readHere: {},
  upload: null,
});

/** A dialog known only by its id (a count or a message came before the list). */
export const blankDialog = (id: string): DialogView => ({
  id,
  type: DIALOG_TYPE.private,
  name: '',
  avatar: null,
  clientChatId: null,
  occupantIds: [],
  lastMessage: null,
  lastMessageId: null,
  lastMessageAt: null,
  lastCall: null,
  unread: 0,
});
