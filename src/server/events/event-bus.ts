/**
 * In-process domain events. One server instance owns its sockets, so fan-out across instances
 * would go through Redis or RabbitMQ (DESIGN.md §5); within one process this typed emitter is it.
 */
import { EventEmitter } from 'node:events';
import type { SessionEndReason } from '../db/schema';

export interface DomainEvents {
  /** A portal session ended: its chat sessions and app sockets must end too (DESIGN.md §3). */
  'session.ended': { providerId: number; sessionId: number; reason: SessionEndReason; chatId: number };
  /** A notification row was created for a provider. */
  'notification.created': {
    id: number;
    providerId: number;
    category: string;
    title: string;
    body: string;
    data: Record<string, unknown>;
    createdAt: Date;
  };
  /**
   * A chat message entered the history for the first time (hosted-chat-wire.md §14), whether it
   * came over XMPP (Prosody's report) or REST. For "new message while offline" notifications.
   */
  'chat.message.stored': {
    chatDialogId: string;
    messageId: string;
    senderChatId: number;
    /** Every occupant of the dialog but the sender. */
    recipientChatIds: number[];
    /** The first 140 characters of the text; empty for an attachment-only message. */
    textPreview: string;
    attachmentCount: number;
    dialogType: 1 | 2 | 3;
    dateSent: number;
  };
}

export class EventBus {
  readonly #emitter = new EventEmitter({ captureRejections: true });

  constructor() {
    this.#emitter.setMaxListeners(100);
  }

  emit<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]): void {
    this.#emitter.emit(name, payload);
  }

  on<K extends keyof DomainEvents>(
    name: K,
    listener: (payload: DomainEvents[K]) => void | Promise<void>,
  ): () => void {
    const wrapped = (payload: DomainEvents[K]) => {
      try {
        const result = listener(payload);
        if (result instanceof Promise) result.catch((error) => this.#emitter.emit('error', error));
      } catch (error) {
        this.#emitter.emit('error', error);
      }
    };
    this.#emitter.on(name, wrapped);
    return () => this.#emitter.off(name, wrapped);
  }

  onError(listener: (error: unknown) => void): void {
    this.#emitter.on('error', listener);
  }
}
