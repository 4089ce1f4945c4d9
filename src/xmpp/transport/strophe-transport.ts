/**
 * The BOSH transport (XEP-0206) through strophe.js 5, SASL by Strophe (wire §12: the best
 * mechanism the server offers; the password is the chat password or a chat-service session
 * token). Binding is explicit, so the session can resume an XEP-0198 stream instead of binding.
 * Every received top-level element goes to one handler; stream management, routing and
 * everything else live above this file. It loads only when a stream goes over BOSH
 * (create-transport.ts); WebSocket streams use websocket-transport.ts.
 */
import { Strophe } from 'strophe.js';
import { fromDom, toDom } from '../xml/dom';
import type { XmlElement } from '../xml/element';
import { BOSH_POLICY } from './bosh-policy';
import { ensureXmlHttpRequest } from './node-xhr';
import type { BoshRequestTraffic, Transport, TransportFactory, TransportStatus } from './types';

type StropheConnection = InstanceType<typeof Strophe.Connection>;

/** Strophe internals this file relies on, named once. */
interface StropheInternals {
  _doDisconnect(condition?: string | null): void;
  _proto: {
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
/** XMLHttpRequest.DONE. */
const XHR_DONE = 4;
const STANZA_NAMES = new Set(['message', 'presence', 'iq']);

let quiet = false;

/** Creates Strophe-backed BOSH transports. */
export const createStropheTransport: TransportFactory = (options, handlers) => {
  if (!quiet) {
    // Failures reach the session as statuses; Strophe's own console logging would only repeat them.
    Strophe.setLogLevel(Strophe.LogLevel.FATAL);
    quiet = true;
  }
  ensureXmlHttpRequest();
  const connection: StropheConnection = new Strophe.Connection(options.service, {
    explicitResourceBinding: true,
  });
  connection.maxRetries = BOSH_POLICY.maxRetries;
  const internals = connection as unknown as StropheInternals;
  // Spec §9 window 5, ours rather than Strophe's default; a server that announces fewer
  // `requests` lowers it (XEP-0124 §7.1: the client MUST NOT exceed it), as Prosody does (2).
  internals._proto.window = BOSH_POLICY.window;
  if (handlers.requestObserver) {
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

  const transport: Transport = {
    kind: options.kind,
    get boundJid() {
      return connection.jid;
    },
    connect(jid, password) {
      connection.connect(
        jid,
        password,
        (status: number, condition?: string | null) => {
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
      // Stanzas name jabber:client themselves, declared on what goes out rather than on the stanza.
      const xmlns =
        element.attrs.xmlns === undefined && STANZA_NAMES.has(element.name) ? CLIENT_NS : undefined;
      connection.send(toDom(element, xmlns));
    },
    disconnect(reason) {
      connection.disconnect(reason);
    },
    drop() {
      // Like a network failure: no stream close, so the server keeps the session resumable.
      internals._proto._abortAllRequests?.();
      internals._doDisconnect();
    },
  };
  return transport;
};
