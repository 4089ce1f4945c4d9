/**
 * Messages another module of the portal sends into a dialog (a call's end message, the screen
 * share notice, spec §4 Call): sent over the chat, then shown to the Messages screen as a message
 * of ours, the way a carbon of one sent elsewhere is (docs/wire/hosted-chat.md §14.3), since the
 * chat does not echo a message to its sender. What must not be lost (a call's record) goes
 * through the outbox, which owns it until the server acknowledges it, across reloads, and which
 * the conversation shows it from (chat-outbox.ts).
 */
import type { ChatClient, ChatMessage, DialogMessage, OutgoingMessage } from '../../../xmpp';
import { DIALOG_TYPE } from '../../../shared/dialog-type';
import { createEmitter } from '../../../shared/emitter';
import type { ChatOutbox } from './chat-outbox';

export interface OwnMessages {
  /** Sends a chat message to a user; listeners see it as ours. Throws while offline. */
  send(to: number, message: OutgoingMessage): string;
  /**
   * Puts a message to the private dialog `dialogId` with `to` in the outbox (sent now, or once the
   * chat is back, also after a reload); the conversation shows it from the outbox (chat-outbox.ts).
   */
  keep(to: number, dialogId: string, message: DialogMessage & { id: string }): void;
  /** Messages sent through `send`; returns the function that stops listening. */
  on(listener: (message: ChatMessage) => void): () => void;
}

/** The extension as a receiver would read it (wire §21: values come back as strings). */
function echoed(message: OutgoingMessage): ChatMessage['extension'] {
  if (!message.extension) return null;
  const out: NonNullable<ChatMessage['extension']> = {};
  for (const [key, value] of Object.entries(message.extension))
    if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean')
      out[key] = String(value);
  return out;
}

export function ownMessages(chat: ChatClient, outbox: Pick<ChatOutbox, 'give'>): OwnMessages {
  const sentHere = createEmitter<{ sent: ChatMessage }>();
  const tell = (id: string, to: number, message: OutgoingMessage) => {
    const dialogId = message.extension?.dialog_id;
    const sent: ChatMessage = {
      id,
      type: 'chat',
      from: chat.jid,
      to: chat.helpers.userJid(to),
      userId: chat.userId,
      dialogId: typeof dialogId === 'string' ? dialogId : null,
      recipientId: to,
      body: message.body ?? null,
      extension: echoed(message),
      markable: message.markable ?? false,
      delay: null,
      carbon: 'sent',
    };
    sentHere.emit('sent', sent);
  };
  return {
    send(to, message) {
      const id = chat.send(to, { ...message, type: 'chat' });
      tell(id, to, message);
      return id;
    },
    keep(to, dialogId, message) {
      outbox.give({
        kind: 'message',
        dialog: { id: dialogId, type: DIALOG_TYPE.private, memberId: to },
        message,
      });
    },
    on: (listener) => sentHere.on('sent', listener),
  };
}
