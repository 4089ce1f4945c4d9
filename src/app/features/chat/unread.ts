/**
 * Unread counting (spec §1 red dots; spec §3 "items with unreadMessagesCount"): the server's
 * count per dialog is the baseline; a new message from someone else adds one, each message of
 * theirs we mark read takes one off (also when we read it on another device, docs/lessons.md §10).
 * A message already known never counts twice. Pure functions.
 */
export interface UnreadDialog {
  unread: number;
}

export function totalUnread(dialogs: Iterable<UnreadDialog>): number {
  let total = 0;
  for (const d of dialogs) total += Math.max(0, d.unread);
  return total;
}

/** The count after a message arrived live. */
export function unreadAfterIncoming(
  current: number,
  message: { fromMe: boolean; alreadyKnown: boolean; alreadyRead: boolean },
): number {
  return message.fromMe || message.alreadyKnown || message.alreadyRead ? current : current + 1;
}

/** The count after `count` messages were marked read; never below zero. */
export function unreadAfterRead(current: number, count: number): number {
  return Math.max(0, current - count);
}

/**
 * A count from the server meets the messages that arrived here and are still unseen: the server
 * may not have stored the newest yet (history is reported as messages pass), so it never counts
 * fewer than those.
 */
export function unreadFromServer(serverCount: number, unseenHere: number): number {
  return Math.max(serverCount, unseenHere);
}

/** Dialogs with unread messages, for the red dots. */
export function unreadDialogCount(dialogs: Iterable<UnreadDialog>): number {
  let count = 0;
  for (const d of dialogs) if (d.unread > 0) count += 1;
  return count;
}
