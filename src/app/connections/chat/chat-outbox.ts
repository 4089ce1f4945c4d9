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
 * an outgoing message. The outbox sends on the chat itself (the messages feature's `sendToDialog`,
 * a read marker) and hears the chat's acknowledgements and refusals itself, so nothing relays them.
 */
import { ChatNotConnectedError, type ChatClient } from '../../../xmpp';
import { createEmitter, type Emitter } from '../../../shared/emitter';
import { outgoingKey, type OutboxStore, type StoredOutgoing } from './outbox-store';
import type { Outgoing } from './types';

export interface ChatOutboxEvents {
  /** A record given here or taken over from an earlier page: the conversation shows it as waiting. */
  added: StoredOutgoing;
  /** The server has message `key` (its acknowledgement): it left the outbox. */
  acknowledged: { key: string };
  /**
   * Message `key` left the outbox without reaching the server: the server refused it (a stanza
   * error), or it could not be sent at all (a dialog without a member to send to). The
   * conversation shows it failed (spec §3 status "fail"); it is not sent again.
   */
  failed: { key: string };
  /** How many items wait to be sent, whenever that changes (the link's "waiting" count). */
  unsent: number;
}

/** The chat an outbox sends on: the running chat's client, as much of it as the outbox uses. */
export type OutboxChat = Pick<ChatClient, 'isConnected' | 'transport' | 'sendReadStatus' | 'session'> & {
  messages: Pick<ChatClient['messages'], 'sendToDialog' | 'on'>;
};

export interface ChatOutbox {
  /** Keeps `item` and sends it now if the chat is up, else once it is. */
  give(item: Outgoing): void;
  /**
   * Takes over what an earlier page of this provider left (already in the store), in order;
   * `delivered` are its messages the history already holds (outbox-delivered.ts), which only leave
   * the store.
   */
  takeOver(records: readonly StoredOutgoing[], delivered?: readonly StoredOutgoing[]): void;
  /** Opens the outbox (see `closedUntilFlushed`) and sends what waits, in order, until a send fails. */
  flush(): void;
  /** Items not sent yet (the link's "waiting" count). */
  readonly unsent: number;
  on: Emitter<ChatOutboxEvents>['on'];
  /**
   * The chat stopped: what was not sent stays in the store for the next page, not in memory, and
   * the outbox no longer hears the chat.
   */
  stop(): void;
}

export interface ChatOutboxOptions {
  store: OutboxStore;
  /** The chat user the records belong to. */
  owner: number;
  /** This tab (tab-registry.ts): the records it sends. */
  tab: string;
  /** The running chat: what is given goes out on it, and its acknowledgements and refusals come back. */
  chat: OutboxChat;
  now(): number;
  /**
   * Sends nothing before the first `flush()`. The chat connection opens its outbox once a login's
   * rooms are being joined (chat-sync.ts `afterLogin`): a post given while the login's last steps
   * run would reach its room before our join of it and be refused (XEP-0045 §7.4). Open at once
   * by default.
   */
  closedUntilFlushed?: boolean;
}

/** Puts one item on the wire; throws ChatNotConnectedError when it cannot now. */
function sendOn(chat: OutboxChat, item: Outgoing): void {
  if (item.kind === 'read')
    chat.sendReadStatus({ messageId: item.messageId, userId: item.userId, dialogId: item.dialogId });
  else chat.messages.sendToDialog(item.dialog, item.message);
}

export function createChatOutbox(options: ChatOutboxOptions): ChatOutbox {
  const { store, owner, tab, chat } = options;
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
      sendOn(chat, record.item);
    } catch (error) {
      if (error instanceof ChatNotConnectedError) return 'offline';
      forget(record.key);
      console.warn('A chat message could not be sent', record.item, error);
      if (record.item.kind === 'message') events.emit('failed', { key: record.key });
      return 'dropped';
    }
    // Over BOSH nothing is ever acknowledged (no stream management): handed over is done.
    if (record.item.kind === 'read' || chat.transport === 'bosh') forget(record.key);
    return 'sent';
  };
  /** The count last told: each change is told once, after the sends it led to. */
  let told = 0;
  const tellUnsent = () => {
    if (queue.length === told) return;
    told = queue.length;
    events.emit('unsent', told);
  };
  let open = !options.closedUntilFlushed;
  /** Sends what waits, in order, while the outbox is open and the chat up. */
  const drain = () => {
    while (open && queue.length > 0 && chat.isConnected) {
      if (trySend(queue[0]!) === 'offline') break;
      queue.shift();
    }
    tellUnsent();
  };
  const hold = (record: StoredOutgoing) => {
    held.add(record.key);
    events.emit('added', record);
    queue.push(record);
    drain();
  };
  const unhear = [
    // docs/wire/hosted-chat.md §12, XEP-0198: the server has it.
    chat.session.on('acked', ({ id }) => {
      if (forget(id)) events.emit('acknowledged', { key: id });
    }),
    // A stanza error: refused, and not sent again.
    chat.messages.on('error', ({ id }) => {
      if (forget(id)) events.emit('failed', { key: id });
    }),
  ];

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
    flush() {
      open = true;
      drain();
    },
    get unsent() {
      return queue.length;
    },
    on: events.on,
    stop() {
      for (const stop of unhear) stop();
      queue.length = 0;
      held.clear();
      tellUnsent();
    },
  };
}
