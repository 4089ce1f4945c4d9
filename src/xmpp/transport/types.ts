/**
 * The transport interface every session runs on: WebSocket (RFC 7395) or BOSH (XEP-0206),
 * implemented with Strophe (strophe-transport.ts) or by the mock transport of src/xmpp/testing.
 * A transport carries one stream: SASL, optional resource binding, stanzas in and out.
 */
import type { XmlElement } from '../xml/element';

/** The two transports of spec §9 / wire §12, chosen by configuration. */
export type TransportKind = 'websocket' | 'bosh';

/**
 * What a transport reports, one-to-one with Strophe's status codes (wire §13.1): the session
 * maps these to the connection states of spec §4.
 */
export type TransportStatus =
  | 'connecting'
  | 'authenticating'
  | 'authfail'
  | 'connfail'
  | 'error'
  | 'bind-required'
  | 'connected'
  | 'disconnecting'
  | 'disconnected'
  | 'conntimeout'
  | 'attached';

/** One HTTP request of a BOSH stream (XEP-0124 §7), as it ended: what went out and what came back. */
export interface BoshRequestTraffic {
  url: string;
  /** The answer's status; null when none came (network error). */
  status: number | null;
  durationMs: number;
  /** The `<body rid=…>` wrapper sent, with the stanzas it carried. */
  requestBody: string;
  responseBody: string;
}

export interface TransportHandlers {
  /** A status change with Strophe's condition text, if any (e.g. `conflict`). */
  onStatus(status: TransportStatus, condition: string | null): void;
  /** Every top-level element received after the stream opened, in order. */
  onElement(element: XmlElement): void;
  /**
   * BOSH only, asked as each HTTP request ends: where to report it while someone listens (a
   * protocol console), else null, and then nothing is built for it.
   */
  requestObserver?(): ((request: BoshRequestTraffic) => void) | null;
  /**
   * WebSocket only, asked once SASL succeeded: an element to send right behind the restart's
   * `<open/>`, without waiting for the new features (XEP-0305 §2, pipelining), or null. The session
   * answers with its XEP-0198 `<resume/>`, so a resumption costs one round trip less.
   */
  afterAuthentication?(): XmlElement | null;
}

export interface Transport {
  readonly kind: TransportKind;
  /** Opens the stream and authenticates; stops at 'bind-required' (binding is explicit). */
  connect(jid: string, password: string): void;
  /** Binds a resource (the one in the JID given to connect, or one the server picks). */
  bind(): void;
  /** The full JID bound by the server, once 'connected'. */
  readonly boundJid: string;
  /** Sends one top-level element. */
  send(element: XmlElement): void;
  /** Closes the stream gracefully (unavailable presence, `</close>`). */
  disconnect(reason?: string): void;
  /**
   * Drops the connection without closing the stream, as a network failure would: the server
   * keeps a resumable session (XEP-0198) hibernating. Reports 'disconnected'.
   */
  drop(): void;
}

export interface TransportOptions {
  kind: TransportKind;
  /** The WebSocket or BOSH URL. */
  service: string;
}

/** Creates a new transport for one connection attempt. */
export type TransportFactory = (options: TransportOptions, handlers: TransportHandlers) => Transport;

/** The transport kind a URL implies: ws/wss → WebSocket, anything else → BOSH. */
export function kindOfService(service: string): TransportKind {
  return /^wss?:/i.test(service) ? 'websocket' : 'bosh';
}
