/**
 * The public shape of the chat stack: the {@link ChatClient} facade, its options and its events
 * (spec §1 "The chat layer offers one-to-one and group chat, typing indicators, delivered and
 * read receipts, a contact list with subscription requests, group rooms, blocking lists, system
 * notifications, call signalling and presence").
 */
import type { EventSource } from '../shared/emitter';
import type { Scheduler } from '../shared/time/scheduler';
import type { BlockingApi, BlockingEvents } from './blocking/blocking';
import type { ChatStateEvents } from './chat-states/chat-states';
import type { ChatNotConnectedError, XmppError } from './errors/errors';
import type { LastActivityEvents } from './last-activity/last-activity';
import type { MarkerEvents, MarkerParams } from './markers/markers';
import type { ExtraParamsInput } from './messages/extra-params';
import type { DialogDescriptor } from './messages/build';
import type { MessageEvents, MessageSending } from './messages/messages';
import type { OutgoingMessage } from './messages/types';
import type { MucEvents } from './muc/muc';
import type { PingCallback } from './ping/ping';
import type { PrivacyApi } from './privacy/privacy';
import type { Contacts } from './roster/parse';
import type { RosterEvents } from './roster/roster';
import type { ConnectionState } from './session/connection-state';
import type { SessionEvents } from './session/types';
import type { HeadlineMessage, SystemMessageEvents } from './system-messages/system-messages';
import type { TrafficEvents } from './transport/observed-transport';
import type { TransportFactory, TransportKind } from './transport/types';
import type { XmlElement } from './xml/element';

export interface ChatClientOptions {
  /** `ws(s)://…/xmpp-websocket` or `http(s)://…/http-bind`. */
  service: string;
  /** The transport; by default implied by the URL scheme (spec §9: chosen by configuration). */
  transport?: TransportKind;
  /** The chat domain (wire §11 `endpoints.chat`), e.g. `localhost`. */
  domain: string;
  /** The chat application id in every JID, e.g. 1001. */
  appId: number;
  /** This client's resource; default a random one per client (docs/lessons.md §8). */
  resource?: string;
  /** XEP-0198 with resumption on WebSocket (never on BOSH). Default true. */
  streamManagement?: boolean;
  /** Keep-alive ping period (wire §13.3: 5 s); 0 turns it off. */
  keepAliveIntervalMs?: number;
  /** Answer time for pings (spec §9: 1 s). */
  pingTimeoutMs?: number;
  /** Reconnect period (spec §9: 3 s). */
  reconnectIntervalMs?: number;
  /** Report a message the server has not acked after this long (spec §9 callback interval: 30 s). */
  unackedReportMs?: number;
  /** Time-out of iq requests and room joins. Default 15 s. */
  iqTimeoutMs?: number;
  /** Give up a connection attempt after this long. Default 30 s. */
  connectTimeoutMs?: number;
  /** A peer's "composing" expires after this long without news (docs/lessons.md §11). Default 30 s. */
  typingExpiryMs?: number;
  /** Whether the chat-service session token expired: reconnects stop then (spec §4). */
  isSessionExpired?: () => boolean;
  /** Clock and timers (tests pass a fake one). */
  scheduler?: Scheduler;
  /** Transport implementation (tests pass the mock transport). Default: Strophe. */
  transportFactory?: TransportFactory;
}

/** Who logs in: by chat id or JID, with the chat password or a chat-service session token (wire §12). */
export type ChatCredentials = ({ userId: number; jid?: never } | { jid: string; userId?: never }) &
  ({ password: string; token?: never } | { token: string; password?: never });

/** What the client itself tells (`client.on`): news that no one feature owns. */
export interface ClientEvents {
  /**
   * After an automatic or explicit re-login (not a resumption): roster reloaded, presence re-sent,
   * rooms re-joined and what a lost stream held sent again (spec §4) — the work of several features,
   * so the client, which runs it, tells it.
   */
  reconnect: undefined;
  /**
   * Spec §8 "Chat not connected fires a ChatNotConnectedError event": an operation that needs the
   * stream was called while offline (and not resumable). The caller gets the same error.
   */
  chatNotConnected: ChatNotConnectedError;
  /** Errors without a caller to reject, post-connect failures; ChatNotConnectedError is fired here too. */
  error: XmppError;
}

/**
 * Every event of the chat stack, by who owns it (docs/architecture.md §3 "Features own their
 * events"): `client` is the client's own emitter (`client.on`), each other key the feature of
 * the same name on the client (`client.markers.on('delivered', …)`). Each event has one payload.
 */
export interface ChatEvents {
  client: ClientEvents;
  session: SessionEvents;
  messages: MessageEvents;
  markers: MarkerEvents;
  chatStates: ChatStateEvents;
  systemMessages: SystemMessageEvents;
  roster: RosterEvents;
  muc: MucEvents;
  blocking: BlockingEvents;
  lastActivity: LastActivityEvents;
  traffic: TrafficEvents;
}

/** The features that own events, each a member of the client of the same name. */
export type ChatFeature = Exclude<keyof ChatEvents, 'client'>;

/**
 * The one chat facade the portal, the call layer and the simulator use. Every operation that
 * needs the stream (sends, requests, rooms, roster, lists), called offline and not resumable,
 * throws, rejects or calls back with ChatNotConnectedError and fires `chatNotConnected` (spec §8).
 * Its own `on` tells {@link ClientEvents}; each feature tells its own events on the member of its
 * name ({@link ChatEvents}).
 */
export interface ChatClient extends EventSource<ClientEvents> {
  readonly state: ConnectionState;
  readonly isConnected: boolean;
  /** Our full JID ('' before the first login). */
  readonly jid: string;
  /** Our chat id, from the last login that succeeded (null before one). */
  readonly userId: number | null;
  readonly transport: TransportKind;
  readonly contacts: Contacts;
  /** Room JIDs we are in. */
  readonly joinedRooms: string[];

  /** The session's news: connection states, drops, resumptions, acknowledgements (spec §4). */
  readonly session: EventSource<SessionEvents>;
  /**
   * Messages: sending to a dialog of the chat service (wire §14.2), and the messages received
   * and bounced.
   */
  readonly messages: EventSource<MessageEvents> & MessageSending;
  /** Delivered and read markers received (XEP-0333). */
  readonly markers: EventSource<MarkerEvents>;
  /** Others' typing (XEP-0085). */
  readonly chatStates: EventSource<ChatStateEvents>;
  /** Headlines received: system notifications and other modules' messages (call signalling). */
  readonly systemMessages: EventSource<SystemMessageEvents>;
  /** The outcome of every last-activity query (XEP-0012). */
  readonly lastActivity: EventSource<LastActivityEvents>;
  /** The stream's traffic, for a protocol console; observed only while someone listens. */
  readonly traffic: EventSource<TrafficEvents>;

  /**
   * Logs in and resolves with the contacts once the roster is loaded and presence sent. Rejects
   * with 422 Status.REJECT while an attempt runs, 401 Status.AUTHFAIL, 422 Status.CONNFAIL or
   * 422 Status.ERROR (spec §8). When already connected it resolves with the current contacts.
   */
  connect(credentials: ChatCredentials): Promise<Contacts>;
  /** Signs out on purpose: no reconnect, rooms forgotten. */
  disconnect(): Promise<void>;
  /** Drops the stream and logs in afresh (re-joining rooms); `reconnect` fires when done. */
  reconnect(): void;
  /**
   * Acknowledges now every stanza received so far (XEP-0198 §4; otherwise within half a second),
   * so the server holds nothing this client handled, e.g. when the page goes away. Does nothing
   * while offline.
   */
  acknowledge(): void;

  /** Sends a chat (user: chat id or JID) or groupchat (room JID) message; returns its id. */
  send(to: number | string, message: OutgoingMessage): string;
  /** Sends a SystemNotifications headline; returns its id. */
  sendSystemMessage(to: number | string, message: HeadlineMessage): string;
  /** Sends a headline of another module (e.g. `WebRTCVideoChat`) to a user's bare JID; returns its id. */
  sendModuleMessage(
    to: number | string,
    moduleIdentifier: string,
    message: HeadlineMessage & { extension: ExtraParamsInput },
  ): string;
  /**
   * Sends one element as it is (a protocol console's raw stanza, docs/console.md); stream
   * management counts it like any other stanza.
   */
  sendStanza(stanza: XmlElement): void;
  /** Typing started (XEP-0085 composing) to a user or room. */
  sendIsTypingStatus(to: number | string): void;
  /** Typing stopped (paused). */
  sendIsStopTypingStatus(to: number | string): void;
  /** A delivered marker for someone's message; returns the marker's id. */
  sendDeliveredStatus(params: MarkerParams): string;
  /** A read marker; returns the marker's id. */
  sendReadStatus(params: MarkerParams): string;
  /** Seconds since a user was last active (0 = online); also fires `lastActivity`'s `result`. */
  getLastUserActivity(userIdOrJid: number | string): Promise<number>;
  /** Pings the server (spec §5 argument rules; callback null or 'No answer'); returns the id. */
  ping(callback: PingCallback): string;
  ping(userIdOrJid: number | string, callback: PingCallback): string;

  /** The contact list: its operations and its events (subscriptions, presence, changes). */
  readonly roster: EventSource<RosterEvents> & {
    /** Reloads the roster from the server. */
    get(): Promise<Contacts>;
    add(userId: number): void;
    confirm(userId: number): void;
    reject(userId: number): void;
    remove(userId: number): Promise<void>;
  };
  /** Group rooms: their operations and their events (occupants, removals). */
  readonly muc: EventSource<MucEvents> & {
    join(dialogIdOrRoomJid: string): Promise<{ dialogId: string }>;
    leave(dialogIdOrRoomJid: string): Promise<void>;
    listOnlineUsers(dialogIdOrRoomJid: string): Promise<number[]>;
    kick(dialogIdOrRoomJid: string, userId: number, reason?: string): Promise<void>;
    ban(dialogIdOrRoomJid: string, userId: number, reason?: string): Promise<void>;
  };
  readonly privacy: PrivacyApi;
  /** The block list: its operations and its pushes. */
  readonly blocking: BlockingApi & EventSource<BlockingEvents>;
  readonly carbons: { enable(): Promise<void>; disable(): Promise<void> };
  /** Addressing of this chat application. */
  readonly helpers: {
    userJid(userId: number): string;
    roomJid(dialogId: string): string;
    dialogIdFromRoomJid(roomJid: string): string | null;
    userIdFromJid(jid: string): number | null;
    userIdFromRoomJid(occupantJid: string): number | null;
    /** Where a dialog's stanzas (messages, typing) go: member chat id or room JID; null if unknown. */
    dialogRecipient(dialog: DialogDescriptor): number | string | null;
    /** A new 24-hex message id. */
    newMessageId(): string;
  };
}
