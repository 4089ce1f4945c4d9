/**
 * The addressing helpers a chat client hands out (`ChatClient.helpers`, client-types.ts): pure
 * functions of the application's addressing, the same for a tab that holds the browser's
 * connection (client.ts) and one that follows it (sharing/delegated-operations.ts).
 */
import {
  chatIdFromJid,
  dialogIdFromRoomJid,
  userIdFromOccupantJid,
  type Addressing,
} from './addressing/jids';
import type { ChatClient } from './client-types';
import { dialogRecipient } from './messages/build';

export function clientHelpers(addressing: Addressing, nextId: () => string): ChatClient['helpers'] {
  return {
    userJid: (id) => addressing.jidOf(id),
    roomJid: (dialogId) => addressing.roomOf(dialogId),
    dialogIdFromRoomJid,
    userIdFromJid: chatIdFromJid,
    userIdFromRoomJid: userIdFromOccupantJid,
    dialogRecipient: (dialog) => dialogRecipient(dialog, addressing),
    newMessageId: nextId,
  };
}
