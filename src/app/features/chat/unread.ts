/**
 * Unread counting (spec §1 red dots; spec §3 "items with unreadMessagesCount"): the server's
 * count per dialog is the baseline; a new message from someone else adds one, each message of
 * theirs we mark read takes one off (also when we read it on another device, docs/lessons.md §10),
 * and a read of the newest one leaves none (XEP-0333 §4).
 * A message already known, or already in the server's count, never counts twice. Pure functions.
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
  message: { fromMe: boolean; alreadyKnown: boolean; alreadyRead: boolean; serverCounted: boolean },
): number {
  return message.fromMe || message.alreadyKnown || message.alreadyRead || message.serverCounted
    ? current
    : current + 1;
}

/** The count after `count` messages were marked read; never below zero. */
export function unreadAfterRead(current: number, count: number): number {
  return Math.max(0, current - count);
}

/**
 * Whether a read of `ids` reaches the newest message known of the dialog: a displayed marker reads
 * every earlier message too (XEP-0333 §4; the server marks up to it, docs/wire/hosted-chat.md), so
 * nothing of the dialog is unread then, however its count was made up (the server's count of
 * messages this tab never held, live ones, a count that lagged).
 */
export function readsNewest(newestId: string | null, ids: readonly string[]): boolean {
  return newestId !== null && ids.includes(newestId);
}

/**
 * The chat account's counts carry no message ids (spec §3): they meet the messages that arrived
 * here and are still unseen by never counting fewer than those.
 */
export function unreadFromAccount(serverCount: number, unseenHere: number): number {
  return Math.max(serverCount, unseenHere);
}

/**
 * What a dialog list count covered: every stored message up to the dialog's last one. The list is
 * fetched while messages pass, so it can be answered before or after a live message is applied
 * here; the mark says whether that message is already in the count.
 */
export interface ServerMark {
  lastMessageId: string | null;
  /** Unix seconds, as the chat service stamps `date_sent`. */
  lastDateSent: number | null;
}

/**
 * A message is in the server's count when it is the last one the server had, or was stamped in an
 * earlier second (dates are whole seconds, so one of the same second is not assumed covered).
 */
export function coveredByServer(
  mark: ServerMark | undefined,
  message: { id: string; serverDate: number | null },
): boolean {
  if (!mark) return false;
  if (message.id === mark.lastMessageId) return true;
  return message.serverDate !== null && mark.lastDateSent !== null && message.serverDate < mark.lastDateSent;
}

/** The unseen live messages (by id, found among `entries`) that a server count did not cover. */
export function notCoveredByServer(
  mark: ServerMark,
  unseen: readonly string[],
  entries: ReadonlyArray<{ id: string; serverDate: number | null }>,
): string[] {
  return unseen.filter((id) => {
    const serverDate = entries.find((e) => e.id === id)?.serverDate ?? null;
    return !coveredByServer(mark, { id, serverDate });
  });
}

/**
 * Whether this tab has read, up to or past it, the last message a server count covered: then that
 * count is 0 once the server has our read marker (a displayed marker reads everything up to its
 * message, XEP-0333 §4), and a larger one was computed before the marker reached it — a refresh
 * asked just before she read, answered after (the shared connection's other tabs, under load).
 */
export function readPastServerMark(
  mark: ServerMark,
  entries: ReadonlyArray<{ id: string; readBy: readonly number[] }>,
  me: number | null,
  /** Ids read here whose messages this tab may not hold (another tab showed them). */
  readHere: readonly string[] = [],
): boolean {
  if (me === null || mark.lastMessageId === null) return false;
  if (readHere.includes(mark.lastMessageId)) return true;
  const at = entries.findIndex((e) => e.id === mark.lastMessageId);
  return at >= 0 && entries.slice(at).some((e) => e.readBy.includes(me));
}

/** A dialog list count plus the unseen live messages it did not cover yet: exact in either order. */
export function unreadFromServer(serverCount: number, uncoveredHere: number): number {
  return Math.max(0, serverCount) + uncoveredHere;
}

/** Dialogs with unread messages, for the red dots. */
export function unreadDialogCount(dialogs: Iterable<UnreadDialog>): number {
  let count = 0;
  for (const d of dialogs) if (d.unread > 0) count += 1;
  return count;
}
