/**
 * The public shape of the chat stack: the {@link ChatClient} facade, its options and its events
 * (spec §1 "The chat layer offers one-to-one and group chat, typing indicators, delivered and
 * read receipts, a contact list with subscription requests, group rooms, blocking lists, system
 * notifications, call signalling and presence").
 */
import type { BlockingApi, BlockingPush } from './blocking/blocking';
import type { TypingEvent } from './chat-states/chat-states';
import type { ChatNotConnectedError, TimeoutError, XmppError } from './errors/errors';
import type { LastActivityEvent } from './last-activity/last-activity';
import type { MarkerEvent, MarkerParams } from './markers/markers';
import type { ExtraParamsInput } from './messages/extra-params';
import type { DialogDescriptor, DialogMessage } from './messages/dialog-messages';
import type { MessageErrorEvent } from './messages/message-errors';
import type { ChatMessage, OutgoingMessage } from './messages/types';
import type { KickEvent, OccupantEvent } from './muc/muc';
import type { PingCallback } from './ping/ping';
import type { PrivacyApi } from './privacy/privacy';
import type { Contacts } from './roster/parse';
import type { ConnectionState } from './session/connection-state';
import type { OfflineInfo } from './session/session';
import type {
  HeadlineMessage,
  ModuleMessage,
  SentModuleMessage,
  SystemMessage,
} from './system-messages/system-messages';
import type { Scheduler } from '../shared/time/scheduler';
import type { StanzaTraffic } from './transport/observed-transport';
import type { BoshRequestTraffic } from './transport/types';
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

/** Everything the facade tells its listeners; each event has one payload. */
export interface ChatEvents {
  /** Every connection state change (spec §4). */
  state: ConnectionState;
  /** A live stream went down (once per drop; wire §13.1 `onDisconnectedListener`). */
  disconnected: OfflineInfo;
  /** After an automatic or explicit re-login: presence re-sent, rooms re-joined (spec §4). */
  reconnect: undefined;
  /**
   * Authentication failed (spec §8 / wire §13.1: 401 Status.AUTHFAIL is also raised here), on a
   * reconnect and on the first login alike; the first login's `connect` rejects with it too.
   */
  reconnectFailed: XmppError;
  /** The stream resumed after a drop (XEP-0198): nothing was lost, nothing needs redoing. */
  resumed: { resent: number };
  /**
   * Resumption failed: a fresh login follows (then `reconnect`); catch up on history. `condition`
   * is the server's `<failed/>` condition, or `'resume-window-expired'` when the server's
   * resumption window ran out before we could try; `salvaged` messages are sent again.
   */
  resumeFailed: { condition: string | null; salvaged: number };
  /** Reconnecting stopped because the session token expired. */
  sessionExpired: undefined;
  /**
   * Spec §8 "Chat not connected fires a ChatNotConnectedError event": an operation that needs the
   * stream was called while offline (and not resumable). The caller gets the same error.
   */
  chatNotConnected: ChatNotConnectedError;
  /** Errors without a caller to reject, post-connect failures; ChatNotConnectedError is fired here too. */
  error: XmppError;
  /** A keep-alive ping got no answer ('Chat ping No answer'). */
  pingFailure: { failures: number; error: TimeoutError };
  message: ChatMessage;
  /** A sent message bounced (spec §8 "Message errors go to an error listener with the message id"). */
  messageError: MessageErrorEvent;
  /** The server acknowledged a sent message (XEP-0198; WebSocket only). */
  messageSent: { id: string; to: string };
  /** A sent message was not acknowledged within the callback interval (spec §9: 30 s). */
  messageUnacked: { id: string; to: string };
  systemMessage: SystemMessage;
  /** A headline of another module, e.g. `WebRTCVideoChat` call signalling. */
  moduleMessage: ModuleMessage;
  /**
   * A headline of another module sent by another tab of this browser that shares this connection
   * (src/xmpp/sharing): a call answered or refused there. A client of its own never emits it.
   */
  moduleMessageSent: SentModuleMessage;
  typing: TypingEvent;
  delivered: MarkerEvent;
  read: MarkerEvent;
  /** Someone asks to subscribe to our presence: `roster.confirm` or `roster.reject`. */
  subscribe: { userId: number };
  /** Someone accepted our subscription request. */
  confirmSubscribe: { userId: number };
  /** Someone refused or cancelled our subscription. */
  rejectSubscribe: { userId: number };
  /** A contact came online or went offline. */
  contactPresence: { userId: number; available: boolean };
  /** The contacts map changed. */
  contacts: Contacts;
  /**
   * The account's block list changed (XEP-0191 push), by this resource or another of the account's;
   * pushes come once `blocking.list()` was asked on this stream.
   */
  blocking: BlockingPush;
  joinOccupant: OccupantEvent;
  leaveOccupant: OccupantEvent;
  /** An occupant (or we, `self: true`) was kicked (307) or banned (301) from a room. */
  kick: KickEvent;
  lastUserActivity: LastActivityEvent;
  /**
   * Every top-level element received or sent on the stream, as it goes (a protocol console's
   * view); emitted only while this event has listeners.
   */
  traffic: StanzaTraffic;
  /**
   * Over BOSH, each HTTP request of the stream as it ends (a protocol console's view); emitted
   * only while this event has listeners.
   */
  boshRequest: BoshRequestTraffic;
}

/**
 * The one chat facade the portal, the call layer and the simulator use. Every operation that
 * needs the stream (sends, requests, rooms, roster, lists), called offline and not resumable,
 * throws, rejects or calls back with ChatNotConnectedError and fires `chatNotConnected` (spec §8).
 */
export interface ChatClient {
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

  on<K extends keyof ChatEvents>(event: K, listener: (payload: ChatEvents[K]) => void): () => void;
  off<K extends keyof ChatEvents>(event: K, listener: (payload: ChatEvents[K]) => void): void;
  once<K extends keyof ChatEvents>(event: K, listener: (payload: ChatEvents[K]) => void): () => void;

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
  /**
   * Sends a text or an attachment to a dialog of the chat service (wire §14.2): `chat` to the
   * member of a private dialog (markable), `groupchat` to a group's room, saved to the dialog's
   * history; returns its id.
   */
  sendToDialog(dialog: DialogDescriptor, message: DialogMessage): string;
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
  /** Seconds since a user was last active (0 = online); also fires `lastUserActivity`. */
  getLastUserActivity(userIdOrJid: number | string): Promise<number>;
  /** Pings the server (spec §5 argument rules; callback null or 'No answer'); returns the id. */
  ping(callback: PingCallback): string;
  ping(userIdOrJid: number | string, callback: PingCallback): string;

  readonly roster: {
    /** Reloads the roster from the server. */
    get(): Promise<Contacts>;
    add(userId: number): void;
    confirm(userId: number): void;
    reject(userId: number): void;
    remove(userId: number): Promise<void>;
  };
  readonly muc: {
    join(dialogIdOrRoomJid: string): Promise<{ dialogId: string }>;
    leave(dialogIdOrRoomJid: string): Promise<void>;
    listOnlineUsers(dialogIdOrRoomJid: string): Promise<number[]>;
    kick(dialogIdOrRoomJid: string, userId: number, reason?: string): Promise<void>;
    ban(dialogIdOrRoomJid: string, userId: number, reason?: string): Promise<void>;
  };
  readonly privacy: PrivacyApi;
  readonly blocking: BlockingApi;
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
