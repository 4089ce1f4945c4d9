/**
 * The Strophe transport: WebSocket (RFC 7395) or BOSH (XEP-0206) through strophe.js 5, SASL by
 * Strophe (wire §12: the best mechanism the server offers; the password is the chat password or
 * a chat-service session token). Binding is explicit, so the session can resume an XEP-0198
 * stream instead of binding. Every received top-level element goes to one handler; stream
 * management, routing and everything else live above this file.
 */
import { Strophe } from 'strophe.js';
import { fromDom, toDom } from '../xml/dom';
import { escapeXml, type XmlElement } from '../xml/element';
import { BOSH_POLICY } from './bosh-policy';
import { ensureXmlHttpRequest } from './node-xhr';
import type { BoshRequestTraffic, Transport, TransportFactory, TransportStatus } from './types';

type StropheConnection = InstanceType<typeof Strophe.Connection>;

/** Strophe internals this file relies on, named once. */
interface StropheInternals {
  _doDisconnect(condition?: string | null): void;
  /** Stanzas Strophe holds back (it flushes them on every send, so normally none). */
  _data: unknown[];
  paused: boolean;
  _proto: {
    /** WebSocket only: Strophe's handler of the socket's close event. */
    _onClose?: (event?: { code?: number }) => void;
    socket?: {
      readyState?: number;
      send?: (text: string) => void;
      terminate?: () => void;
      on?: (event: 'error', listener: () => void) => void;
    } | null;
    _abortAllRequests?: () => void;
    /** BOSH only: Strophe's handler of each request's XMLHttpRequest state, bound per request. */
    _onRequestStateChange?: (func: unknown, request: BoshRequest) => void;
    /** BOSH only: how far apart the rids of two open requests may be (XEP-0124 §7.1 `requests`). */
    window?: number;
  };
}

/** The fields of Strophe's BOSH `Request` read here. */
interface BoshRequest {
  abort: boolean;
  /** When it was last sent (ms since the epoch), NaN before. */
  date: number;
  data: string;
  xhr: XMLHttpRequest;
}

/**
 * Reports each BOSH request as it ends, to the observer the handlers name at that moment (the
 * console's seam, docs/console.md): Strophe binds this handler per request when it creates one,
 * so replacing it on the protocol object before the first request covers them all.
 */
function observeBoshRequests(
  proto: StropheInternals['_proto'],
  service: string,
  observer: () => ((request: BoshRequestTraffic) => void) | null,
): void {
  const handle = proto._onRequestStateChange?.bind(proto);
  if (!handle) return;
  proto._onRequestStateChange = (func, request) => {
    const observe = !request.abort && request.xhr.readyState === XHR_DONE ? observer() : null;
    if (observe) {
      const sentAt = Number(request.date);
      observe({
        url: service,
        status: request.xhr.status || null,
        durationMs: Number.isFinite(sentAt) ? Date.now() - sentAt : 0,
        requestBody: request.data,
        responseBody: request.xhr.responseText,
      });
    }
    handle(func, request);
  };
}

const STATUS_NAMES: Readonly<Record<number, TransportStatus>> = {
  [Strophe.Status.ERROR]: 'error',
  [Strophe.Status.CONNECTING]: 'connecting',
  [Strophe.Status.CONNFAIL]: 'connfail',
  [Strophe.Status.AUTHENTICATING]: 'authenticating',
  [Strophe.Status.AUTHFAIL]: 'authfail',
  [Strophe.Status.CONNECTED]: 'connected',
  [Strophe.Status.DISCONNECTED]: 'disconnected',
  [Strophe.Status.DISCONNECTING]: 'disconnecting',
  [Strophe.Status.ATTACHED]: 'attached',
  [Strophe.Status.CONNTIMEOUT]: 'conntimeout',
  [Strophe.Status.BINDREQUIRED]: 'bind-required',
  [Strophe.Status.ATTACHFAIL]: 'connfail',
  [Strophe.Status.REDIRECT]: 'connfail',
};

const CLIENT_NS = 'jabber:client';
/** WebSocket.OPEN. */
const OPEN = 1;
/** XMLHttpRequest.DONE. */
const XHR_DONE = 4;

/** The element as text with `xmlns` declared on it (its children inherit it). */
const declared = (element: XmlElement, xmlns: string) =>
  `<${element.name} xmlns="${escapeXml(xmlns)}"${element.toString().slice(element.name.length + 1)}`;
const STANZA_NAMES = new Set(['message', 'presence', 'iq']);

let quiet = false;

/** Creates Strophe-backed transports. */
export const createStropheTransport: TransportFactory = (options, handlers) => {
  if (!quiet) {
    // Failures reach the session as statuses; Strophe's own console logging would only repeat them.
    Strophe.setLogLevel(Strophe.LogLevel.FATAL);
    quiet = true;
  }
  if (options.kind === 'bosh') ensureXmlHttpRequest();
  const connection: StropheConnection = new Strophe.Connection(options.service, {
    explicitResourceBinding: true,
  });
  connection.maxRetries = BOSH_POLICY.maxRetries;
  const internals = connection as unknown as StropheInternals;
  // Spec §9 window 5, ours rather than Strophe's default; a server that announces fewer
  // `requests` lowers it (XEP-0124 §7.1: the client MUST NOT exceed it), as Prosody does (2).
  if (options.kind === 'bosh') internals._proto.window = BOSH_POLICY.window;
  if (options.kind === 'bosh' && handlers.requestObserver) {
    observeBoshRequests(internals._proto, options.service, () => handlers.requestObserver?.() ?? null);
  }
  // Strophe 5 reports AUTHENTICATING only for legacy auth; SASL starts in authenticate().
  const authenticate = connection.authenticate.bind(connection);
  connection.authenticate = (mechanisms) => {
    handlers.onStatus('authenticating', null);
    authenticate(mechanisms);
  };

  const tap = connection.addHandler(
    (element: Element) => {
      handlers.onElement(fromDom(element));
      return true;
    },
    null,
    null,
    null,
  );
  // A system handler: it must also see <resumed/> and <failed/>, which arrive before binding.
  tap.user = false;

  /**
   * Node's `ws` reports closing a socket that is still connecting as an 'error' event, after
   * Strophe has removed its own listener: without one of ours that would be an uncaught error.
   * The attempt is being ended on purpose, so the event carries nothing new.
   */
  const quietSocket = () => internals._proto.socket?.on?.('error', () => undefined);

  /**
   * Strophe reports a WebSocket closed before the stream began only when the close was abnormal
   * (1006); a server that closes it cleanly (a proxy refusing the origin, a shutting-down server)
   * would leave the attempt waiting for its time-out. Reported at once as a failed connection.
   */
  let opening = false;
  const onClose = internals._proto._onClose?.bind(internals._proto);
  if (options.kind === 'websocket' && onClose) {
    internals._proto._onClose = (event) => {
      const closedBeforeStream = opening && !connection.connected && event?.code !== 1006;
      onClose(event);
      if (!closedBeforeStream) return;
      opening = false;
      handlers.onStatus('connfail', 'websocket-closed-before-stream');
      internals._doDisconnect();
    };
  }

  const transport: Transport = {
    kind: options.kind,
    get boundJid() {
      return connection.jid;
    },
    connect(jid, password) {
      opening = true;
      connection.connect(
        jid,
        password,
        (status: number, condition?: string | null) => {
          if (status !== Strophe.Status.CONNECTING) opening = false;
          const name = STATUS_NAMES[status];
          if (name) handlers.onStatus(name, condition ?? null);
        },
        BOSH_POLICY.wait,
        BOSH_POLICY.hold,
      );
    },
    bind() {
      connection.bind();
    },
    send(element: XmlElement) {
      // RFC 7395 §3.3.3: stanzas name jabber:client themselves (the framing namespace is the
      // default), declared on what goes out rather than on a deep copy of the stanza.
      const xmlns =
        element.attrs.xmlns === undefined && STANZA_NAMES.has(element.name) ? CLIENT_NS : undefined;
      const socket = internals._proto.socket;
      // WebSocket, open, nothing held by Strophe: one frame per element (RFC 7395 §3.3.3), written
      // as text at once — what Strophe would write, without building and serialising a DOM copy.
      if (
        options.kind === 'websocket' &&
        connection.connected &&
        socket?.readyState === OPEN &&
        socket.send &&
        internals._data.length === 0 &&
        !internals.paused
      ) {
        socket.send(xmlns === undefined ? element.toString() : declared(element, xmlns));
        return;
      }
      connection.send(toDom(element, xmlns));
    },
    disconnect(reason) {
      opening = false;
      quietSocket();
      connection.disconnect(reason);
    },
    drop() {
      opening = false;
      quietSocket();
      // Like a network failure: no stream close, so the server keeps the session resumable.
      internals._proto.socket?.terminate?.();
      internals._proto._abortAllRequests?.();
      internals._doDisconnect();
    },
  };
  return transport;
};
