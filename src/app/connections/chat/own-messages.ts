/**
 * Messages another module of the portal sends into a dialog (a call's end message, the screen
 * share notice, spec §4 Call): sent over the chat, then shown to the Messages screen as a message
 * of ours, the way a carbon of one sent elsewhere is (docs/wire/hosted-chat.md §14.3), since the
 * chat does not echo a message to its sender.
 */
import type { ChatClient, ChatMessage, OutgoingMessage } from '../../../xmpp';

export interface OwnMessages {
  /** Sends a chat message to a user; listeners see it as ours. Throws while offline. */
  send(to: number, message: OutgoingMessage): string;
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

export function ownMessages(chat: ChatClient): OwnMessages {
  const listeners = new Set<(message: ChatMessage) => void>();
  return {
    send(to, message) {
      const id = chat.send(to, { ...message, type: 'chat' });
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
      for (const listener of listeners) listener(sent);
      return id;
    },
    on(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
