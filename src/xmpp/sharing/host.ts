/**
 * The holder's side of the shared chat connection (docs/architecture.md §3 "One chat connection
 * per browser"): serves the other tabs' requests on this tab's client, relays every event of the
 * client to them, keeps their copy of its getters current (a snapshot before any event or answer
 * that follows a change), and reflects what any tab sends to the others (reflect.ts). Each event
 * goes to the tabs with its owner (the client or the feature that emitted it), to be told there
 * on the same owner's emitter.
 */
import { chatIdFromJid } from '../addressing/jids';
import type { ChatClient, ChatEvents } from '../client-types';
import { ChatNotConnectedError } from '../errors/errors';
import { decodeValue, encodeValue } from './codec';
import {
  OBSERVED_EVENTS,
  onRelayedEvents,
  operation,
  type EmitChatEvent,
  type EventOwner,
  type ObservedEvent,
  type ShareChannel,
  type ShareMessage,
  type ShareSnapshot,
  type ToHolder,
} from './protocol';
import { reflectionOf, type Reflection } from './reflect';

/** How many of its last read markers a holding hands to a tab that joins (at most one message each). */
const KEPT_READS = 100;

export interface ChatHostOptions {
  client: ChatClient;
  channel: ShareChannel;
  /** This holding's id: new each time a tab takes the connection over. */
  holder: string;
  /** The holder tab's own share of what the other tabs send (a channel does not echo to its sender). */
  reflectHere(reflection: Reflection): void;
  /** The holder tab's own id, as the origin of what it sends itself. */
  self: string;
}

export interface ChatHost {
  /** Runs a send as tab `tab`'s: what it writes is reflected to the other tabs only. */
  as<T>(tab: string, send: () => T): T;
  /** Tells every tab that this holding has begun (before its login). */
  announce(): void;
  /** Tells the tabs the holder's first login failed. */
  failed(error: unknown): void;
  /** Tells the tabs of the getters now (after a change that has no event, e.g. a room joined). */
  publish(): void;
  /** Stops serving; tells the tabs the connection is gone. */
  stop(): void;
}

function snapshotOf(client: ChatClient): ShareSnapshot {
  return {
    state: client.state,
    isConnected: client.isConnected,
    jid: client.jid,
    // Set once `connect` returns; the stream's JID says it as soon as the stream is bound.
    userId: client.userId ?? (client.isConnected ? chatIdFromJid(client.jid) : null),
    transport: client.transport,
    joinedRooms: [...client.joinedRooms],
  };
}

export function createChatHost({ client, channel, holder, reflectHere, self }: ChatHostOptions): ChatHost {
  const post = (message: ShareMessage) => channel.post(message);
  let origin: string | undefined;
  let last = '';
  const observers = new Map<ObservedEvent, { tabs: Set<string>; off: () => void }>();
  /** The last read markers this holding sent, oldest first. */
  const reads: Array<ChatEvents['markers']['read']> = [];
  const keepRead = (read: ChatEvents['markers']['read']) => {
    reads.push(read);
    if (reads.length > KEPT_READS) reads.shift();
  };

  /** A snapshot when the getters changed since the last one (always with the contacts when asked). */
  function publish(withContacts = false): void {
    const snapshot = snapshotOf(client);
    const key = JSON.stringify(snapshot);
    if (key === last && !withContacts) return;
    last = key;
    post({
      kind: 'snapshot',
      holder,
      snapshot: withContacts ? { ...snapshot, contacts: client.contacts } : snapshot,
    });
  }

  const relay = (owner: EventOwner, event: PropertyKey, payload: unknown, except?: string) => {
    post({ kind: 'event', holder, owner, event: String(event), payload: encodeValue(payload), except });
  };

  const relayEvent: EmitChatEvent = (owner, event, payload) => {
    publish(owner === 'roster' && event === 'contacts');
    relay(owner, event, payload);
  };
  const offs = onRelayedEvents(client, relayEvent);
  offs.push(
    client.traffic.on('stanza', ({ direction, element }) => {
      if (direction !== 'out') return;
      const reflection = reflectionOf(element, client.jid);
      if (!reflection) return;
      relay(reflection.owner, reflection.event, reflection.payload, origin);
      if (origin !== self) reflectHere(reflection);
      if (reflection.owner === 'markers' && reflection.event === 'read') keepRead(reflection.payload);
    }),
  );

  function observe(tab: string, event: ObservedEvent, on: boolean): void {
    let watched = observers.get(event);
    if (on && !watched) {
      watched = {
        tabs: new Set(),
        off: client.traffic.on(event, (payload) => relay('traffic', event, payload)),
      };
      observers.set(event, watched);
    }
    if (!watched) return;
    if (on) watched.tabs.add(tab);
    else watched.tabs.delete(tab);
    if (watched.tabs.size === 0) {
      watched.off();
      observers.delete(event);
    }
  }

  function as<T>(tab: string, send: () => T): T {
    const before = origin;
    origin = tab;
    try {
      return send();
    } finally {
      origin = before;
    }
  }

  function answer(request: Extract<ToHolder, { kind: 'call' }>): void {
    const reply = (ok: boolean, value: unknown) => {
      publish();
      post({ kind: 'result', holder, tab: request.tab, seq: request.seq, ok, value: encodeValue(value) });
    };
    const args = decodeValue(request.args) as unknown[];
    if (request.holder !== holder) return reply(false, new ChatNotConnectedError());
    try {
      if (request.method === 'ping') {
        operation(client, 'ping')(...args, (error: unknown) => reply(true, error));
        return;
      }
      const value = as(request.tab, () => operation(client, request.method)(...args));
      if (value instanceof Promise)
        value.then(
          (v: unknown) => reply(true, v),
          (e: unknown) => reply(false, e),
        );
      else reply(true, value);
    } catch (error) {
      reply(false, error);
    }
  }

  const stopListening = channel.listen((message) => {
    switch (message.kind) {
      case 'hello':
        publish(true);
        // A tab that joins now missed the reads sent before: the server's unread counts it is
        // about to ask for may not have them yet (the markers reach its history moments later).
        for (const read of reads)
          post({
            kind: 'event',
            holder,
            owner: 'markers',
            event: 'read',
            payload: encodeValue(read),
            to: message.tab,
          });
        return;
      case 'call':
        return answer(message);
      case 'observe':
        return observe(message.tab, message.event, message.on);
      case 'bye':
        for (const event of OBSERVED_EVENTS) observe(message.tab, event, false);
        return;
      default:
        // Another holder's words (one that is going, or a stale one): not ours to answer.
        return;
    }
  });

  return {
    as,
    announce: () => post({ kind: 'holder', holder }),
    failed: (error) => post({ kind: 'failed', holder, error: encodeValue(error) }),
    publish: () => publish(),
    stop() {
      stopListening();
      for (const off of offs) off();
      for (const { off } of observers.values()) off();
      observers.clear();
      post({ kind: 'gone', holder });
    },
  };
}
