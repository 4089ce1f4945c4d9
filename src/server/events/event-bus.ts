/**
 * Domain events: a typed emitter within one process. With DATABASE_URL set, a relay
 * (pg-relay.ts, PostgreSQL LISTEN/NOTIFY) carries the events that act on per-process state to
 * every server process (docs/architecture.md §5 "Several processes").
 */
import type { DialogTypeCode } from '../../shared/dialog-type';
import type { SessionEndReason } from '../db/schema';

export interface DomainEvents {
  /** A portal session ended: its chat sessions and app sockets must end too (docs/architecture.md §3). */
  'session.ended': { providerId: number; sessionId: number; reason: SessionEndReason; chatId: number };
  /** A notification row for a provider was created and committed (createNotification). */
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
   * A chat message entered the history for the first time (docs/wire/hosted-chat.md §14), whether it
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
    dialogType: DialogTypeCode;
    dateSent: number;
  };
  /** A provider completed an expert report (spec §7): the member's app is told (bot say, spec §3). */
  'report.completed': {
    reportId: number;
    memberId: number;
    memberChatId: number;
    title: string;
    providerName: string;
    blogIds: number[];
    videoIds: number[];
  };
}

type Listener = (payload: never) => void | Promise<void>;

/** Carries an event to the other server processes; resolves once they have run their listeners. */
export interface EventRelay {
  publish<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]): Promise<void>;
}

export class EventBus {
  readonly #listeners = new Map<keyof DomainEvents, Set<Listener>>();
  readonly #errorListeners = new Set<(error: unknown) => void>();
  #relay: EventRelay | null = null;
  #relayed = new Set<keyof DomainEvents>();

  /** Sends `names` to the other processes too (null: this process is alone). */
  setRelay(relay: EventRelay | null, names: ReadonlyArray<keyof DomainEvents>): void {
    this.#relay = relay;
    this.#relayed = new Set(names);
  }

  /** Tells every listener; their work goes on after this returns. */
  emit<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]): void {
    void this.emitAndWait(name, payload);
  }

  /**
   * Tells every listener and resolves once all have finished (never rejects: failures go to the
   * error listeners). Used where the caller's answer must come after the consequences, e.g. a
   * sign-in answers only once the kicked session's chat streams are closed.
   */
  async emitAndWait<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]): Promise<void> {
    const relay = this.#relayed.has(name) ? this.#relay : null;
    await Promise.all([
      this.deliverLocally(name, payload),
      relay?.publish(name, payload).catch((error: unknown) => this.#reportError(error)),
    ]);
  }

  /** Runs this process's listeners only: for events that arrive from another process. */
  async deliverLocally<K extends keyof DomainEvents>(name: K, payload: DomainEvents[K]): Promise<void> {
    const listeners = [...(this.#listeners.get(name) ?? [])] as Array<
      (payload: DomainEvents[K]) => void | Promise<void>
    >;
    await Promise.all(
      listeners.map(async (listener) => {
        try {
          await listener(payload);
        } catch (error) {
          this.#reportError(error);
        }
      }),
    );
  }

  on<K extends keyof DomainEvents>(
    name: K,
    listener: (payload: DomainEvents[K]) => void | Promise<void>,
  ): () => void {
    let set = this.#listeners.get(name);
    if (!set) this.#listeners.set(name, (set = new Set()));
    set.add(listener as Listener);
    return () => set.delete(listener as Listener);
  }

  onError(listener: (error: unknown) => void): void {
    this.#errorListeners.add(listener);
  }

  #reportError(error: unknown): void {
    if (this.#errorListeners.size === 0) console.error('Event listener failed:', error);
    for (const listener of this.#errorListeners) listener(error);
  }
}
