/** The session's options, collaborators and public shape (see session.ts). */
import type { Emitter } from '../../shared/emitter';
import type { TimeoutError, XmppError } from '../errors/errors';
import type { Scheduler } from '../../shared/time/scheduler';
import type { TransportFactory, TransportKind } from '../transport/types';
import type { XmlElement } from '../xml/element';
import type { ConnectionState } from './connection-state';
import type { SessionPhase } from './session-phase';

/** How the stream came up. */
export interface OnlineInfo {
  /** The first successful login of this client (load the roster, send presence). */
  initial: boolean;
  /** The previous stream was resumed: presence and rooms survived, nothing to redo. */
  resumed: boolean;
  /** Messages of a stream that could not be resumed, without `from`, to send again. */
  salvaged: XmlElement[];
}

/** Why the stream went down. */
export interface OfflineInfo {
  intentional: boolean;
  /** Strophe's condition (`conflict`, …) or our reason, if any. */
  condition: string | null;
  /** The session will try to come back on its own. */
  willReconnect: boolean;
}

/** What the session tells its listeners (`ChatClient.session`). */
export interface SessionEvents {
  /** Every connection state change (spec §4). */
  state: ConnectionState;
  /** A live stream went down (once per drop; wire §13.1 `onDisconnectedListener`). */
  disconnected: OfflineInfo;
  /**
   * Authentication failed (spec §8 / wire §13.1: 401 Status.AUTHFAIL is also raised here), on a
   * reconnect and on the first login alike; the first login's `connect` rejects with it too.
   */
  reconnectFailed: XmppError;
  /** The stream resumed after a drop (XEP-0198): nothing was lost, nothing needs redoing. */
  resumed: { resent: number };
  /**
   * Resumption failed: a fresh login follows (then the client's `reconnect`); catch up on history.
   * `condition` is the server's `<failed/>` condition, or `'resume-window-expired'` when the
   * server's resumption window ran out before we could try; `salvaged` messages are sent again.
   */
  resumeFailed: { condition: string | null; salvaged: number };
  /** Reconnecting stopped because the session token expired. */
  sessionExpired: undefined;
  /** A keep-alive ping got no answer ('Chat ping No answer'). */
  pingFailure: { failures: number; error: TimeoutError };
  /** The server acknowledged a sent stanza (XEP-0198; WebSocket only). */
  acked: { id: string; to: string };
  /** A sent stanza was not acknowledged within the callback interval (spec §9: 30 s). */
  unacked: { id: string; to: string };
}

export interface SessionOptions {
  kind: TransportKind;
  service: string;
  /** Resource for this client; stable across reconnects (docs/lessons.md §8: one per tab). */
  resource: string;
  streamManagement: boolean;
  reconnectIntervalMs: number;
  keepAliveIntervalMs: number;
  maxPingFailures: number;
  unackedReportMs: number;
  /** An attempt that is not online after this long is abandoned (the loop tries again). */
  connectTimeoutMs: number;
}

export interface SessionDeps {
  options: SessionOptions;
  transportFactory: TransportFactory;
  scheduler: Scheduler;
  isSessionExpired(): boolean;
  /** Pings the server for the keep-alive. */
  pingServer(): Promise<unknown>;
  /** Runs after every (re)connection before `connect()` resolves: post-connect actions. */
  afterOnline(info: OnlineInfo): Promise<void>;
  /** A received stanza (message, presence, iq). */
  onStanza(stanza: XmlElement): void;
}

export interface Credentials {
  /** Bare JID `{chatId}-{appId}@{domain}`. */
  jid: string;
  /** The chat password or a chat-service session token (wire §12). */
  password: string;
}

export interface Session {
  readonly state: ConnectionState;
  /** Our full JID while online ('' before the first bind). */
  readonly jid: string;
  /** Whether stanzas go out right now (the phase is `online`). */
  readonly live: boolean;
  /** Where the logical session is across its streams (session-phase.ts). */
  readonly phase: SessionPhase;
  /** Connects (or resolves at once when online); rejects with the spec §8 errors. */
  connect(credentials: Credentials): Promise<void>;
  /** Signs out on purpose: no reconnect, no resumption. */
  disconnect(): Promise<void>;
  /** Drops the stream and logs in afresh (no resumption). */
  reconnect(): void;
  /** Tells the server now what we handled of its stanzas (XEP-0198 §4), when online. */
  acknowledge(): void;
  /** Sends a stanza (see the module comment for what happens offline). */
  send(stanza: XmlElement): void;
  /** The session's news: states, drops, resumptions, acknowledgements. */
  readonly events: Emitter<SessionEvents>;
}
