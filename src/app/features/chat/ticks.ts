/**
 * Ticks of one's own messages (docs/lessons.md §9; spec §3 "Chat message statuses: wait for send,
 * fail, sent to server, received, read"). A chat marker for a message also covers every earlier
 * message of the same sender in that dialog (XEP-0333 §3: markers are cumulative). Pure functions.
 */
import type { ChatEntry } from './entries';

export type Tick = 'waiting' | 'failed' | 'sent' | 'delivered' | 'read';

/** The tick of an entry sent by `me`; null for other people's messages. */
export function tickOf(entry: ChatEntry, me: number): Tick | null {
  if (entry.senderId !== me) return null;
  if (entry.failed) return 'failed';
  if (entry.readBy.some((id) => id !== me)) return 'read';
  if (entry.deliveredTo.some((id) => id !== me)) return 'delivered';
  return entry.onServer ? 'sent' : 'waiting';
}

/**
 * Applies a delivered or read marker from `userId` for `messageId`: that message and every earlier
 * one from the same sender gain the user (a read also counts as delivered). Unknown ids change
 * nothing. Returns the same array when nothing changed.
 */
export function applyMarker(
  entries: readonly ChatEntry[],
  marker: { messageId: string; userId: number; kind: 'delivered' | 'read' },
): ChatEntry[] {
  const index = entries.findIndex((e) => e.id === marker.messageId);
  if (index < 0) return entries as ChatEntry[];
  const sender = entries[index]!.senderId;
  let changed = false;
  const next = entries.map((entry, i) => {
    if (i > index || entry.senderId !== sender || entry.senderId === marker.userId) return entry;
    const read = marker.kind === 'read' && !entry.readBy.includes(marker.userId);
    const delivered = !entry.deliveredTo.includes(marker.userId);
    if (!read && !delivered) return entry;
    changed = true;
    return {
      ...entry,
      // A marker proves the server had it.
      onServer: true,
      failed: false,
      readBy: read ? [...entry.readBy, marker.userId] : entry.readBy,
      deliveredTo: delivered ? [...entry.deliveredTo, marker.userId] : entry.deliveredTo,
    };
  });
  return changed ? next : (entries as ChatEntry[]);
}
