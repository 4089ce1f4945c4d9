/**
 * Chat and groupchat messages, docs/wire/hosted-chat.md §14.2–14.3: sending with a 24-hex id and
 * the extraParams extension, to a user, a room or a dialog of the chat service (build.ts);
 * receiving into {@link ChatMessage}, with the automatic delivered marker for markable messages
 * from others (spec §5 "Delivery receipts are sent automatically for markable messages from
 * others"); and the messages that bounce (§14.7).
 */
import { createEmitter, type Emitter } from '../../shared/emitter';
import { isRoomJid, type Addressing } from '../addressing/jids';
import type { XmlElement } from '../xml/element';
import { buildChatMessage, dialogMessage, type DialogDescriptor, type DialogMessage } from './build';
import { parseMessageError, type MessageErrorEvent } from './message-errors';
import { parseChatMessage } from './parse';
import type { CarbonDirection, ChatMessage, OutgoingMessage } from './types';

/** What messages tell their listeners (`ChatClient.messages`). */
export interface MessageEvents {
  /** A chat or groupchat message, received or carbon-copied (XEP-0280). */
  message: ChatMessage;
  /** A sent message bounced (spec §8 "Message errors go to an error listener with the message id"). */
  error: MessageErrorEvent;
}

export interface MessagesDeps {
  /** Sends a stanza on the session (throws ChatNotConnectedError when offline). */
  send(stanza: XmlElement): void;
  addressing: Addressing;
  /** A new 24-hex ObjectId. */
  nextId(): string;
  /** Our chat id. */
  userId(): number | null;
  /** A markable message from someone else arrived: answer it with a delivered marker. */
  onMarkable(message: ChatMessage): void;
}

/** What the client hands out to send a dialog's message with (`ChatClient.messages`, guarded there). */
export interface MessageSending {
  /**
   * Sends a text or an attachment to a dialog of the chat service (wire §14.2): `chat` to the
   * member of a private dialog (markable), `groupchat` to a group's room, saved to the dialog's
   * history; returns its id. Throws an XmppError when a private dialog has no known member.
   */
  sendToDialog(dialog: DialogDescriptor, message: DialogMessage): string;
}

export interface MessagesApi extends MessageSending {
  /** Sends a message to a user (chat id or JID) or a room (room JID); returns its id. */
  send(to: number | string, message: OutgoingMessage): string;
  /** Handles a received message; true if it was a chat/groupchat message. */
  handle(stanza: XmlElement, carbon: CarbonDirection | null): boolean;
  /** Handles a `type="error"` message (a bounce of ours); true if it was one. */
  handleError(stanza: XmlElement): boolean;
  /** Messages and bounces, as they come. */
  readonly events: Emitter<MessageEvents>;
}

export function createMessages(deps: MessagesDeps): MessagesApi {
  const { addressing } = deps;
  const events = createEmitter<MessageEvents>();
  const api: MessagesApi = {
    events,
    send(to, message) {
      const target = addressing.jidOf(to);
      const id = message.id ?? deps.nextId();
      const type = message.type ?? (isRoomJid(target, addressing.domain) ? 'groupchat' : 'chat');
      deps.send(
        buildChatMessage({
          id,
          to: target,
          type,
          body: message.body,
          markable: message.markable,
          extension: message.extension,
        }),
      );
      return id;
    },
    sendToDialog(dialog, message) {
      const built = dialogMessage(dialog, message, addressing);
      return api.send(built.to, built.message);
    },
    handle(stanza, carbon) {
      const message = parseChatMessage(stanza, carbon);
      if (!message) return false;
      events.emit('message', message);
      const mine = message.userId !== null && message.userId === deps.userId();
      // Carbons are answered by the resource that got the original; our own echoes never.
      if (message.markable && !mine && carbon === null) deps.onMarkable(message);
      return true;
    },
    handleError(stanza) {
      const bounce = parseMessageError(stanza);
      if (bounce) events.emit('error', bounce);
      return bounce !== null;
    },
  };
  return api;
}
