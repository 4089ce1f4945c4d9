/**
 * From the chat stack's events to the chat store (docs/architecture.md §3): messages, errors
 * and markers (spec §3 statuses; docs/lessons.md §9, §10), typing (docs/lessons.md §11), contact
 * requests and presence (spec §4 Contact subscription), the block list of every tab and device
 * (blocked.ts), room occupants, dialogs announced by a system message, and the catch-up after a
 * reconnect. The connection's own state
 * (spec §4) is the connection layer's (connections/chat).
 */
import { isPrivateDialog } from '../../../shared/dialog-type';
import type { ChatMessage, MarkerEvent, SystemMessage } from '../../../xmpp';
import type { ChatStore } from './chat-store';
import type { ChatRuntime } from '../../connections';
import { blockingChanged } from './blocked';
import { afterReconnect, refreshDialogs } from './chat-sync';
import { entryFromLive } from './convert';

/** The private dialog with a user, if we know it. */
export function privateDialogWith(store: ChatStore, userId: number | null): string | null {
  if (userId === null) return null;
  return (
    Object.values(store.state.dialogs).find((d) => isPrivateDialog(d.type) && d.clientChatId === userId)
      ?.id ?? null
  );
}

function onMessage(store: ChatStore, runtime: ChatRuntime, message: ChatMessage): void {
  const ours = message.carbon === 'sent' || message.userId === runtime.me;
  if (!ours && (message.userId === null || store.state.blocked.includes(message.userId))) return;
  const dialogId = message.dialogId ?? privateDialogWith(store, ours ? message.recipientId : message.userId);
  if (!dialogId) {
    void refreshDialogs(store);
    return;
  }
  const entry = entryFromLive(message, dialogId, runtime.me, store.sequence);
  // A room echoes our own messages back: that is the server's acknowledgement.
  store.addEntries(dialogId, [entry], { live: true });
  if (!store.state.dialogs[dialogId]?.name) void refreshDialogs(store);
}

/**
 * A system message that names a dialog the list does not hold (or holds only by its id, from a
 * count): the vendor's apps tell the occupants of a dialog they created so (`notification_type` 1,
 * docs/wire/hosted-chat.md §14.6). The list is asked again, once per dialog named (a name that
 * never comes to be listed does not ask again), and a group's room is joined as it comes
 * (chat-sync.ts `wireRoomsFollowList`).
 */
export function dialogAnnounced(
  store: ChatStore,
  asked: Set<string>,
  { extension: { dialog_id: id } }: SystemMessage,
): void {
  if (typeof id !== 'string' || !/^[\da-f]{24}$/.test(id) || asked.has(id) || store.state.dialogs[id]?.name)
    return;
  asked.add(id);
  void refreshDialogs(store);
}

function onMarker(
  store: ChatStore,
  runtime: ChatRuntime,
  marker: MarkerEvent,
  kind: 'delivered' | 'read',
): void {
  if (marker.userId === null) return;
  if (marker.carbon !== null || marker.userId === runtime.me) {
    // We marked a message on another device (docs/lessons.md §10).
    if (kind === 'read' && marker.dialogId) store.markReadByMe(marker.dialogId, [marker.messageId]);
    return;
  }
  store.markerArrived(marker.dialogId, { messageId: marker.messageId, userId: marker.userId, kind });
}

/** Feeds `store` from the running chat's events; returns the unwiring. */
export function wireChatEvents(store: ChatStore, runtime: ChatRuntime): () => void {
  const { chat } = runtime;
  const asked = new Set<string>();
  store.setMe(runtime.me);
  const offs = [
    chat.session.on('disconnected', () => store.clearTyping()),
    // The connection has sent what waited (connections/chat/link-events.ts); the rest catches up.
    chat.on('reconnect', () => void afterReconnect(store, runtime)),
    chat.messages.on('message', (message) => onMessage(store, runtime, message)),
    // A call's end message and the like, sent by another module (connections/chat/own-messages.ts).
    runtime.own.on((message) => onMessage(store, runtime, message)),
    // A bounce of a message sent past the outbox (own messages' `send`); the outbox tells its own
    // (outgoing.ts), so a message it held is marked once.
    chat.messages.on('error', ({ id }) =>
      store.updateEntry(id, (e) => (e.failed ? e : { ...e, failed: true, onServer: false })),
    ),
    chat.systemMessages.on('systemMessage', (message) => dialogAnnounced(store, asked, message)),
    chat.markers.on('delivered', (marker) => onMarker(store, runtime, marker, 'delivered')),
    chat.markers.on('read', (marker) => onMarker(store, runtime, marker, 'read')),
    chat.chatStates.on('typing', ({ composing, userId, dialogId }) => {
      const dialog = dialogId ?? privateDialogWith(store, userId);
      if (dialog && userId !== null && userId !== runtime.me) store.setTyping(dialog, userId, composing);
    }),
    chat.roster.on('subscribe', ({ userId }) => store.addRequest(userId)),
    chat.blocking.on('changed', (push) => blockingChanged(store, push)),
    chat.roster.on('presence', ({ userId, available }) => store.setPresence(userId, available)),
    chat.muc.on('joinOccupant', ({ dialogId, userId }) => store.occupantChanged(dialogId, userId, true)),
    chat.muc.on('leaveOccupant', ({ dialogId, userId }) => store.occupantChanged(dialogId, userId, false)),
    chat.muc.on('kick', ({ dialogId, userId, self }) =>
      self
        ? store.setOccupants(dialogId, [])
        : userId !== null && store.occupantChanged(dialogId, userId, false),
    ),
  ];
  return () => {
    for (const off of offs) off();
  };
}
