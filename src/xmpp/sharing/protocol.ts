/**
 * What the tabs of one browser say to each other about their one chat connection
 * (docs/architecture.md §3 "One chat connection per browser"): the tab that holds the
 * connection (the holder) answers requests and relays the client's events; the other tabs
 * (followers) ask. Every message names the holder it belongs to, so what an old holder said after
 * a new one took over is ignored. Values inside are encoded with codec.ts.
 */
import type { ChatClient, ChatEvents } from '../client-types';
import type { Contacts } from '../roster/parse';
import type { ConnectionState } from '../session/connection-state';
import type { TransportKind } from '../transport/types';

/**
 * The version of this protocol: tabs of another build meet under another name (a tab left open
 * over a deploy keeps its own connection until it is reloaded).
 */
export const SHARE_PROTOCOL = 1;

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

/** Events a follower asks to have relayed only while it listens (a protocol console's view). */
export const OBSERVED_EVENTS = ['traffic', 'boshRequest'] as const;
export type ObservedEvent = (typeof OBSERVED_EVENTS)[number];

/** Every other event of the client, relayed as it happens. */
export const RELAYED_EVENTS = [
  'state',
  'disconnected',
  'reconnect',
  'reconnectFailed',
  'resumed',
  'resumeFailed',
  'sessionExpired',
  'chatNotConnected',
  'error',
  'pingFailure',
  'message',
  'messageError',
  'messageSent',
  'messageUnacked',
  'systemMessage',
  'moduleMessage',
  'moduleMessageSent',
  'typing',
  'delivered',
  'read',
  'subscribe',
  'confirmSubscribe',
  'rejectSubscribe',
  'contactPresence',
  'contacts',
  'blocking',
  'joinOccupant',
  'leaveOccupant',
  'kick',
  'lastUserActivity',
] as const satisfies ReadonlyArray<Exclude<keyof ChatEvents, ObservedEvent>>;

// Every event is either relayed or observed: a new event of the client fails to compile here.
type Unlisted = Exclude<keyof ChatEvents, (typeof RELAYED_EVENTS)[number] | ObservedEvent>;
const everyEventListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyEventListed;

/**
 * The client's operations a follower asks the holder for, by how they answer: `send` returns the
 * new stanza's id at once (the follower chooses it, so it knows it without waiting), `fire`
 * returns nothing, `request` resolves with the holder's answer.
 */
export const METHODS = {
  send: 'send',
  sendToDialog: 'send',
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
  /** One event of the client; `except` names the tab that caused it and already knows. */
  | { kind: 'event'; holder: string; event: keyof ChatEvents; payload: unknown; except?: string }
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
