/**
 * What the tabs of one browser say to each other about their one chat connection
 * (docs/architecture.md §3 "One chat connection per browser"): the tab that holds the
 * connection (the holder) answers requests and relays the client's events; the other tabs
 * (followers) ask. Every message names the holder it belongs to, so what an old holder said after
 * a new one took over is ignored. Values inside are encoded with codec.ts.
 */
import type { EventSource } from '../../shared/emitter';
import type { ChatClient, ChatEvents } from '../client-types';
import type { Contacts } from '../roster/parse';
import type { ConnectionState } from '../session/connection-state';
import type { TransportKind } from '../transport/types';

/**
 * The version of this protocol: tabs of another build meet under another name (a tab left open
 * over a deploy keeps its own connection until it is reloaded). 2: events name their owner.
 * 3: a dialog's message is the messages feature's (`messages.sendToDialog`).
 */
export const SHARE_PROTOCOL = 3;

/** What a follower mirrors of the holder's client for its synchronous getters. */
export interface ShareSnapshot {
  state: ConnectionState;
  isConnected: boolean;
  jid: string;
  userId: number | null;
  transport: TransportKind;
  joinedRooms: string[];
  /** Sent when it changed (and on a follower's hello), else left out. */
  contacts?: Contacts;
}

/**
 * Every event of the client by its owner (client-types.ts `ChatEvents`), by name: what the holder
 * relays and the tabs re-emit, on the same owner's emitter.
 */
export const CHAT_EVENT_NAMES = {
  client: ['reconnect', 'chatNotConnected', 'error'],
  session: [
    'state',
    'disconnected',
    'reconnectFailed',
    'resumed',
    'resumeFailed',
    'sessionExpired',
    'pingFailure',
    'acked',
    'unacked',
  ],
  messages: ['message', 'error'],
  markers: ['delivered', 'read'],
  chatStates: ['typing'],
  systemMessages: ['systemMessage', 'moduleMessage', 'moduleMessageSent'],
  roster: ['subscribe', 'confirmSubscribe', 'rejectSubscribe', 'presence', 'contacts'],
  muc: ['joinOccupant', 'leaveOccupant', 'kick'],
  blocking: ['changed'],
  lastActivity: ['result'],
  traffic: ['stanza', 'boshRequest'],
} as const satisfies { [F in keyof ChatEvents]: ReadonlyArray<keyof ChatEvents[F]> };

// Every event is listed: a new event of a feature (or a new feature) fails to compile here.
type Unlisted = {
  [F in keyof ChatEvents]: Exclude<keyof ChatEvents[F], (typeof CHAT_EVENT_NAMES)[F][number]>;
}[keyof ChatEvents];
const everyEventListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyEventListed;

/** Who owns an event: the client itself or one of its features. */
export type EventOwner = keyof ChatEvents;

/** The traffic's events, which a follower asks to have relayed only while it listens (a protocol console's view). */
export const OBSERVED_EVENTS = CHAT_EVENT_NAMES.traffic;
export type ObservedEvent = (typeof OBSERVED_EVENTS)[number];

/** The owners whose every event is relayed as it happens: all but the traffic. */
export const RELAYED_OWNERS = (Object.keys(CHAT_EVENT_NAMES) as EventOwner[]).filter(
  (owner): owner is Exclude<EventOwner, 'traffic'> => owner !== 'traffic',
);

/** Hands one event to the listeners of its owner. */
export type EmitChatEvent = <O extends EventOwner, K extends keyof ChatEvents[O]>(
  owner: O,
  event: K,
  payload: ChatEvents[O][K],
) => void;

/** The emitter of an owner on a client: the client's own, or its feature's of that name. */
export function eventsOf<O extends EventOwner>(client: ChatClient, owner: O): EventSource<ChatEvents[O]> {
  return (owner === 'client' ? client : client[owner as Exclude<EventOwner, 'client'>]) as EventSource<
    ChatEvents[O]
  >;
}

/** Listens to every relayed event of a client (all but the traffic); returns what stops each. */
export function onRelayedEvents(client: ChatClient, listener: EmitChatEvent): Array<() => void> {
  // Names read at run time from the list above: typed per owner there, plainly here.
  const tell = listener as unknown as (owner: EventOwner, event: string, payload: unknown) => void;
  return RELAYED_OWNERS.flatMap((owner) => {
    const source = eventsOf(client, owner) as unknown as EventSource<Record<string, unknown>>;
    return (CHAT_EVENT_NAMES[owner] as readonly string[]).map((event) =>
      source.on(event, (payload) => tell(owner, event, payload)),
    );
  });
}

/**
 * The client's operations a follower asks the holder for, by how they answer: `send` returns the
 * new stanza's id at once (the follower chooses it, so it knows it without waiting), `fire`
 * returns nothing, `request` resolves with the holder's answer.
 */
export const METHODS = {
  send: 'send',
  'messages.sendToDialog': 'send',
  sendSystemMessage: 'send',
  sendModuleMessage: 'send',
  sendDeliveredStatus: 'send',
  sendReadStatus: 'send',
  sendStanza: 'fire',
  sendIsTypingStatus: 'fire',
  sendIsStopTypingStatus: 'fire',
  reconnect: 'fire',
  acknowledge: 'fire',
  'roster.add': 'fire',
  'roster.confirm': 'fire',
  'roster.reject': 'fire',
  ping: 'request',
  getLastUserActivity: 'request',
  'roster.get': 'request',
  'roster.remove': 'request',
  'muc.join': 'request',
  'muc.leave': 'request',
  'muc.listOnlineUsers': 'request',
  'muc.kick': 'request',
  'muc.ban': 'request',
  'privacy.create': 'request',
  'privacy.getList': 'request',
  'privacy.update': 'request',
  'privacy.getNames': 'request',
  'privacy.delete': 'request',
  'privacy.setAsDefault': 'request',
  'privacy.setAsActive': 'request',
  'blocking.list': 'request',
  'blocking.block': 'request',
  'blocking.unblock': 'request',
  'carbons.enable': 'request',
  'carbons.disable': 'request',
} as const;

export type MethodName = keyof typeof METHODS;

/** A follower's message to the holder. */
export type ToHolder =
  /** A follower joined, or a new holder was announced: it wants a snapshot (with the contacts). */
  | { kind: 'hello'; tab: string }
  | { kind: 'call'; tab: string; holder: string; seq: number; method: MethodName; args: unknown[] }
  /** A follower starts or stops listening to an observed event. */
  | { kind: 'observe'; tab: string; event: ObservedEvent; on: boolean }
  /** A follower left (its page went, or its chat stopped). */
  | { kind: 'bye'; tab: string };

/** The holder's message to the followers. */
export type FromHolder =
  /** A tab took the connection over; it is connecting. */
  | { kind: 'holder'; holder: string }
  | { kind: 'snapshot'; holder: string; snapshot: ShareSnapshot }
  /**
   * One event of the client or a feature; `except` names the tab that caused it and already knows,
   * `to` the one tab it is for (the reads a tab that joined late missed, host.ts).
   */
  | {
      kind: 'event';
      holder: string;
      owner: EventOwner;
      event: string;
      payload: unknown;
      except?: string;
      to?: string;
    }
  | { kind: 'result'; holder: string; tab: string; seq: number; ok: boolean; value: unknown }
  /** The holder's first login failed (its `connect` rejected with `error`). */
  | { kind: 'failed'; holder: string; error: unknown }
  /** The holder let the connection go (its page went, or its chat stopped). */
  | { kind: 'gone'; holder: string };

export type ShareMessage = ToHolder | FromHolder;

/** The BroadcastChannel between the tabs, as this folder needs it (the page hands in the real one). */
export interface ShareChannel {
  post(message: ShareMessage): void;
  /** Every message another tab posted; returns the function that stops listening. */
  listen(listener: (message: ShareMessage) => void): () => void;
  close(): void;
}

/** Looks up an operation on a client by its path (`muc.join`). */
export function operation(client: ChatClient, method: MethodName): (...args: unknown[]) => unknown {
  const [group, name] = method.split('.') as [string, string | undefined];
  const owner = (name ? (client as unknown as Record<string, unknown>)[group] : client) as Record<
    string,
    unknown
  >;
  const fn = owner[name ?? group];
  if (typeof fn !== 'function') throw new TypeError(`The chat client has no operation ${method}`);
  return (...args: unknown[]) => (fn as (...a: unknown[]) => unknown).apply(owner, args);
}
