/**
 * From the chat stack's events to the chat store (docs/architecture.md §3): messages and their acks, errors
 * and markers (spec §3 statuses; docs/lessons.md §9, §10), typing (docs/lessons.md §11), contact
 * requests and presence (spec §4 Contact subscription), the block list of every tab and device
 * (blocked.ts), room occupants, and the catch-up after a reconnect. The connection's own state
 * (spec §4) is the connection layer's (connections/chat).
 */
import { isPrivateDialog } from '../../../shared/dialog-type';
import type { ChatMessage, MarkerEvent } from '../../../xmpp';
import {
  addEntries,
  addRequest,
  chatStore,
  clearTyping,
  markReadByMe,
  markerArrived,
  occupantChanged,
  setMe,
  setOccupants,
  setPresence,
  setTyping,
  updateEntry,
} from './chat-store';
import type { ChatRuntime } from '../../connections';
import { blockingChanged } from './blocked';
import { afterReconnect, refreshDialogs } from './chat-sync';
import { entryFromLive } from './convert';

/** The private dialog with a user, if we know it. */
export function privateDialogWith(userId: number | null): string | null {
  if (userId === null) return null;
  return (
    Object.values(chatStore.dialogs).find((d) => isPrivateDialog(d.type) && d.clientChatId === userId)?.id ??
    null
  );
}

function onMessage(runtime: ChatRuntime, message: ChatMessage): void {
  const ours = message.carbon === 'sent' || message.userId === runtime.me;
  if (!ours && (message.userId === null || chatStore.blocked.includes(message.userId))) return;
  const dialogId = message.dialogId ?? privateDialogWith(ours ? message.recipientId : message.userId);
  if (!dialogId) {
    void refreshDialogs();
    return;
  }
  const entry = entryFromLive(message, dialogId, runtime.me);
  // A room echoes our own messages back: that is the server's acknowledgement.
  addEntries(dialogId, [entry], { live: true });
  if (!chatStore.dialogs[dialogId]?.name) void refreshDialogs();
}

function onMarker(runtime: ChatRuntime, marker: MarkerEvent, kind: 'delivered' | 'read'): void {
  if (marker.userId === null) return;
  if (marker.carbon !== null || marker.userId === runtime.me) {
    // We marked a message on another device (docs/lessons.md §10).
    if (kind === 'read' && marker.dialogId) markReadByMe(marker.dialogId, [marker.messageId]);
    return;
  }
  markerArrived(marker.dialogId, { messageId: marker.messageId, userId: marker.userId, kind });
}

export function wireChatEvents(runtime: ChatRuntime): () => void {
  const { chat } = runtime;
  setMe(runtime.me);
  const offs = [
    chat.on('disconnected', () => clearTyping()),
    // The connection has sent what waited (connections/chat/link-events.ts); the rest catches up.
    chat.on('reconnect', () => void afterReconnect(runtime)),
    chat.on('message', (message) => onMessage(runtime, message)),
    // A call's end message and the like, sent by another module (connections/chat/own-messages.ts).
    runtime.own.on((message) => onMessage(runtime, message)),
    chat.on('messageSent', ({ id }) =>
      updateEntry(id, (e) => (e.onServer && !e.failed ? e : { ...e, onServer: true, failed: false })),
    ),
    chat.on('messageError', ({ id }) => updateEntry(id, (e) => ({ ...e, failed: true, onServer: false }))),
    chat.on('delivered', (marker) => onMarker(runtime, marker, 'delivered')),
    chat.on('read', (marker) => onMarker(runtime, marker, 'read')),
    chat.on('typing', ({ composing, userId, dialogId }) => {
      const dialog = dialogId ?? privateDialogWith(userId);
      if (dialog && userId !== null && userId !== runtime.me) setTyping(dialog, userId, composing);
    }),
    chat.on('subscribe', ({ userId }) => addRequest(userId)),
    chat.on('blocking', blockingChanged),
    chat.on('contactPresence', ({ userId, available }) => setPresence(userId, available)),
    chat.on('joinOccupant', ({ dialogId, userId }) => occupantChanged(dialogId, userId, true)),
    chat.on('leaveOccupant', ({ dialogId, userId }) => occupantChanged(dialogId, userId, false)),
    chat.on('kick', ({ dialogId, userId, self }) =>
      self ? setOccupants(dialogId, []) : userId !== null && occupantChanged(dialogId, userId, false),
    ),
  ];
  return () => {
    for (const off of offs) off();
  };
}
