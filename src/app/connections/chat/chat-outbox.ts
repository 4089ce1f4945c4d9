/**
 * The one owner of what the provider gives the chat until the server has it (docs/architecture.md
 * §3 "Outbox"; spec §5 "Chat must be connected before sending", spec §3 status "wait for send"):
 * each message or read marker becomes one record, written to the browser's store before it is
 * tried (outbox-store.ts, so a reload or a crash of the tab loses nothing), sent in order when the
 * chat is up, each with the id it was given (so nothing is sent twice: the history merges by id),
 * and forgotten when the server has it — a message at its stream management
 * acknowledgement, a read marker once sent. Over BOSH no acknowledgement ever comes (no stream
 * management, docs/wire/hosted-chat.md §12): a message is forgotten once handed over, or it would be
 * sent again after every reload (docs/reliability.md "WebSockets blocked"). The conversation shows
 * a message from this outbox's `added` event and its tick from `acknowledged`; nothing else keeps
 * an outgoing message.
 */
import { createEmitter, type Emitter } from '../../../shared/emitter';
import { outgoingKey, type OutboxStore, type StoredOutgoing } from './outbox-store';
import type { Outgoing } from './types';

export interface ChatOutboxEvents {
  /** A record given here or taken over from an earlier page: the conversation shows it as waiting. */
  added: StoredOutgoing;
  /** The server has message `key` (its acknowledgement): it left the outbox. */
  acknowledged: { key: string };
}

export interface ChatOutbox {
  /** Keeps `item` and sends it now if the chat is up, else once it is. */
  give(item: Outgoing): void;
  /**
   * Takes over what an earlier page of this provider left (already in the store), in order;
   * `delivered` are its messages the history already holds (outbox-delivered.ts), which only leave
   * the store.
   */
  takeOver(records: readonly StoredOutgoing[], delivered?: readonly StoredOutgoing[]): void;
  /** Sends what waits, in order, until a send fails. */
  flush(): void;
  /** The server acknowledged stanza `key` (docs/wire/hosted-chat.md §12, XEP-0198). */
  acknowledged(key: string): void;
  /** The server refused message `key` (a stanza error): it is not sent again. */
  refused(key: string): void;
  /** Items not sent yet (the link's "waiting" count). */
  readonly unsent: number;
  on: Emitter<ChatOutboxEvents>['on'];
  /** The chat stopped: what was not sent stays in the store for the next page, not in memory. */
  stop(): void;
}

export interface ChatOutboxOptions {
  store: OutboxStore;
  /** The chat user the records belong to. */
  owner: number;
  /** This tab (tab-registry.ts): the records it sends. */
  tab: string;
  /** Puts one item on the wire; throws (ChatNotConnectedError) when it cannot now. */
  send(item: Outgoing): void;
  canSend(): boolean;
  isOffline(error: unknown): boolean;
  /** Whether the chat acknowledges what it was handed (stream management), or forgets it. */
  acknowledges(): boolean;
  now(): number;
}

export function createChatOutbox(options: ChatOutboxOptions): ChatOutbox {
  const { store, owner, tab } = options;
  const events = createEmitter<ChatOutboxEvents>();
  const warn = (error: unknown) => console.warn('Chat outbox storage', error);
  /** The keys of the records given and not yet on the server (sent or not). */
  const held = new Set<string>();
  const forget = (key: string) => {
    if (!held.delete(key)) return false;
    void store.remove(key).catch(warn);
    return true;
  };
  /** What is not sent yet, in order: while it is not empty, what comes next waits behind it. */
  const queue: StoredOutgoing[] = [];
  const trySend = (record: StoredOutgoing): 'sent' | 'offline' | 'dropped' => {
    try {
      options.send(record.item);
    } catch (error) {
      if (options.isOffline(error)) return 'offline';
      forget(record.key);
      console.warn('A chat message could not be sent', record.item, error);
      return 'dropped';
    }
    if (record.item.kind === 'read' || !options.acknowledges()) forget(record.key);
    return 'sent';
  };
  const flush = () => {
    while (queue.length > 0 && options.canSend()) {
      if (trySend(queue[0]!) === 'offline') return;
      queue.shift();
    }
  };
  const hold = (record: StoredOutgoing) => {
    held.add(record.key);
    events.emit('added', record);
    queue.push(record);
    flush();
  };

  return {
    give(item) {
      const key = outgoingKey(item);
      if (!key) throw new Error('An outgoing item needs its id before it is given to the outbox');
      const record: StoredOutgoing = { key, owner, at: options.now(), tab, item };
      void store.put(record).catch(warn);
      hold(record);
    },
    takeOver(records, delivered = []) {
      for (const { key } of delivered) void store.remove(key).catch(warn);
      for (const record of records) hold(record);
    },
    flush,
    acknowledged(key) {
      if (forget(key)) events.emit('acknowledged', { key });
    },
    refused: (key) => void forget(key),
    get unsent() {
      return queue.length;
    },
    on: events.on,
    stop() {
      queue.length = 0;
      held.clear();
    },
  };
}
