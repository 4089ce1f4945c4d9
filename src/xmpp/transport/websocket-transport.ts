/**
 * The WebSocket transport (RFC 7395): one text frame per element, `<open/>` and `<close/>` in the
 * framing namespace, SASL (sasl.ts; wire §12) and an explicit resource binding (RFC 6120 §7), so the
 * session can resume an XEP-0198 stream instead of binding. Its statuses are those Strophe reported
 * for the same events (wire §13.1, types.ts), which the session maps to the states of spec §4.
 * The stream's phases are a transition table (stream-phase.ts). Every element received after the
 * stream opened goes to one handler; stream management, routing and everything else live above.
 */
import { escapeXml, type XmlElement } from '../xml/element';
import { chooseMechanism, fromBase64, saslExchange, toBase64, type SaslExchange } from './sasl';
import { openSocket, parseFrame } from './socket-platform';
import { AUTHENTICATED, createStreamPhase } from './stream-phase';
import type { Transport, TransportFactory, TransportStatus } from './types';
import { SOCKET_OPEN, type XmppSocket } from './xmpp-socket';

const NS = {
  FRAMING: 'urn:ietf:params:xml:ns:xmpp-framing',
  STREAMS: 'http://etherx.jabber.org/streams',
  STREAM_ERRORS: 'urn:ietf:params:xml:ns:xmpp-streams',
  SASL: 'urn:ietf:params:xml:ns:xmpp-sasl',
  BIND: 'urn:ietf:params:xml:ns:xmpp-bind',
  SESSION: 'urn:ietf:params:xml:ns:xmpp-session',
  STANZAS: 'urn:ietf:params:xml:ns:xmpp-stanzas',
  CLIENT: 'jabber:client',
} as const;

/** Conditions of our own where the wire has none (Strophe's words where it had them). */
export const TRANSPORT_CONDITIONS = {
  socketFailed: 'The WebSocket connection could not be established or was disconnected.',
  closedBeforeStream: 'websocket-closed-before-stream',
  closingStream: 'Received closing stream',
  noAuthMechanism: 'no-auth-mech',
  noBind: 'no-bind',
  badFrame: 'bad-format',
} as const;

const STANZA_NAMES = new Set(['message', 'presence', 'iq']);

/** The element's text with `xmlns` declared on it when it is a stanza that names none (RFC 7395 §3.3.3). */
function frameOf(element: XmlElement): string {
  const text = element.toString();
  if (element.attrs.xmlns !== undefined || !STANZA_NAMES.has(element.name)) return text;
  return `<${element.name} xmlns="${NS.CLIENT}"${text.slice(element.name.length + 1)}`;
}

/** An element's name without its prefix (`stream:features` is `features`). */
const localNameOf = (element: XmlElement) => element.name.slice(element.name.indexOf(':') + 1);

/**
 * The namespace an element's name is in: its prefix's when it has one, else its default one.
 * Prosody sends `<stream:features xmlns='jabber:client' xmlns:stream='…'>`, whose `xmlns` is the
 * default namespace of its children, not its own.
 */
function namespaceOf(element: XmlElement): string {
  const colon = element.name.indexOf(':');
  if (colon < 0) return element.ns;
  const declaration = `xmlns:${element.name.slice(0, colon)}`;
  for (let at: XmlElement | null = element; at; at = at.parent) {
    const ns = at.attrs[declaration];
    if (ns !== undefined) return ns;
  }
  return '';
}

/** The first child element in `ns` (its local name), other than `<text/>`: an error's condition. */
function conditionOf(error: XmlElement, ns: string): string | null {
  for (const element of error.elements()) {
    const local = localNameOf(element);
    if (namespaceOf(element) === ns && local !== 'text') return local;
  }
  return null;
}

function childOf(parent: XmlElement, name: string, ns: string): XmlElement | null {
  return (
    parent.elements().find((element) => localNameOf(element) === name && namespaceOf(element) === ns) ?? null
  );
}

/** The names in the features' `<mechanisms/>` (RFC 6120 §6.3.3). */
function mechanismsOf(features: XmlElement): string[] {
  const list = childOf(features, 'mechanisms', NS.SASL);
  if (!list) return [];
  return list
    .elements()
    .filter((child) => localNameOf(child) === 'mechanism')
    .map((child) => child.text().trim());
}

const saslElement = (name: string, payload: string | null, attrs = '') =>
  payload === null
    ? `<${name} xmlns="${NS.SASL}"${attrs}/>`
    : `<${name} xmlns="${NS.SASL}"${attrs}>${payload === '' ? '=' : toBase64(payload)}</${name}>`;

let lastId = 0;
const nextId = (what: string) => `${what}_${Date.now().toString(36)}_${++lastId}`;

export const createWebSocketTransport: TransportFactory = (options, handlers) => {
  const phase = createStreamPhase();
  let socket: XmppSocket | null = null;
  let jid = { node: '', domain: '', resource: '' };
  let password = '';
  let exchange: SaslExchange | null = null;
  let boundJid = '';
  let sessionRequired = false;
  let pending: { bind: string | null; session: string | null } = { bind: null, session: null };

  const report = (status: TransportStatus, condition: string | null = null) =>
    handlers.onStatus(status, condition);

  const write = (text: string) => {
    if (socket?.readyState === SOCKET_OPEN) socket.send(text);
  };
  const openStream = () => write(`<open xmlns="${NS.FRAMING}" to="${escapeXml(jid.domain)}" version="1.0"/>`);

  /** Ends the attempt: the socket goes, and the session hears 'disconnected' once. */
  function finish(): void {
    if (phase.state === 'closed') return;
    phase.transition('closed');
    const closing = socket;
    socket = null;
    if (closing) {
      closing.onopen = closing.onmessage = closing.onclose = null;
      // `ws` raises an error for a socket closed while it still connects; nobody need hear it.
      closing.onerror = () => undefined;
      closing.close();
    }
    report('disconnected');
  }

  function fail(status: TransportStatus, condition: string | null): void {
    if (phase.state === 'closed') return;
    report(status, condition);
    finish();
  }

  function online(): void {
    phase.transition('online');
    report('connected');
  }

  function onFeatures(features: XmlElement): void {
    if (phase.state === 'opening') {
      const mechanism = chooseMechanism(mechanismsOf(features));
      if (!mechanism) return fail('connfail', TRANSPORT_CONDITIONS.noAuthMechanism);
      exchange = saslExchange(mechanism, { authcid: jid.node, password });
      phase.transition('authenticating');
      report('authenticating');
      return write(saslElement('auth', exchange.initial(), ` mechanism="${mechanism}"`));
    }
    if (phase.state !== 'restarting') return;
    if (!childOf(features, 'bind', NS.BIND)) return fail('connfail', TRANSPORT_CONDITIONS.noBind);
    const session = childOf(features, 'session', NS.SESSION);
    sessionRequired = !!session && !childOf(session, 'optional', NS.SESSION);
    phase.transition('bind required');
    report('bind-required');
  }

  /** SASL's answers (RFC 6120 §6.4); WebCrypto makes SCRAM's steps asynchronous. */
  async function onSasl(element: XmlElement): Promise<void> {
    if (phase.state !== 'authenticating' || !exchange) return;
    const payload = element.text();
    const local = localNameOf(element);
    const decoded = () => (payload === '=' ? '' : fromBase64(payload));
    try {
      if (local === 'challenge') {
        const answer = await exchange.challenge(decoded());
        if (phase.state === 'authenticating') write(saslElement('response', answer));
      } else if (local === 'success') {
        const proven = await exchange.verify(decoded());
        if (phase.state !== 'authenticating') return;
        if (!proven) {
          phase.transition('auth failed');
          return report('authfail', 'server-signature-mismatch');
        }
        phase.transition('restarting');
        openStream();
        // The server reads the restart and this in order: its features come first, then the answer.
        const early = handlers.afterAuthentication?.();
        if (early) write(frameOf(early));
      } else if (local === 'failure') {
        phase.transition('auth failed');
        report('authfail', conditionOf(element, NS.SASL));
      }
    } catch {
      if (phase.state !== 'authenticating') return;
      write(saslElement('abort', null));
      phase.transition('auth failed');
      report('authfail', 'malformed-request');
    }
  }

  /** The answers to our bind and session requests (RFC 6120 §7.6, RFC 3921 §3). */
  function onIq(iq: XmlElement): void {
    const id = iq.attr('id');
    if (phase.state !== 'binding' || !id || (id !== pending.bind && id !== pending.session)) return;
    if (iq.attr('type') === 'error') {
      const error = childOf(iq, 'error', NS.CLIENT);
      return fail('connfail', (error && conditionOf(error, NS.STANZAS)) ?? 'unknown');
    }
    if (id === pending.bind) {
      const bound = childOf(iq, 'bind', NS.BIND);
      const given = bound && childOf(bound, 'jid', NS.BIND);
      boundJid = (given?.text() ?? '').trim() || boundJid;
      pending.bind = null;
      if (!sessionRequired) return online();
      pending.session = nextId('session');
      return write(
        `<iq xmlns="${NS.CLIENT}" type="set" id="${pending.session}"><session xmlns="${NS.SESSION}"/></iq>`,
      );
    }
    pending.session = null;
    online();
  }

  function onFrame(data: unknown): void {
    if (phase.state === 'closed' || phase.state === 'idle') return;
    const text = typeof data === 'string' ? data.replace(/^\s*<\?xml[^>]*\?>\s*/, '') : null;
    const root = text === null ? null : parseFrame(text);
    if (!root) {
      report(phase.state === 'opening' ? 'connfail' : 'error', TRANSPORT_CONDITIONS.badFrame);
      return closeStream();
    }
    const ns = namespaceOf(root);
    const local = localNameOf(root);
    if (ns === NS.FRAMING && local === 'open') {
      if (root.attr('version') !== '1.0') fail('connfail', 'unsupported-version');
      return;
    }
    if (ns === NS.FRAMING && local === 'close') {
      if (phase.state === 'opening') return fail('connfail', TRANSPORT_CONDITIONS.closingStream);
      return finish();
    }
    if (ns === NS.STREAMS && local === 'error') {
      const before = phase.state === 'opening';
      return fail(before ? 'connfail' : 'error', conditionOf(root, NS.STREAM_ERRORS));
    }
    handlers.onElement(root);
    if (ns === NS.STREAMS && local === 'features') onFeatures(root);
    else if (ns === NS.SASL) void onSasl(root);
    else if (local === 'iq') onIq(root);
  }

  function onClose(code: number): void {
    if (phase.state === 'opening') {
      return fail(
        'connfail',
        code === 1006 ? TRANSPORT_CONDITIONS.socketFailed : TRANSPORT_CONDITIONS.closedBeforeStream,
      );
    }
    finish();
  }

  /** `</close>` (RFC 7395 §3.6), then the socket goes: the session hears 'disconnected' next. */
  function closeStream(): void {
    if (phase.state === 'closing' || phase.state === 'closed') return;
    if (phase.state === 'idle') return finish();
    if (AUTHENTICATED.has(phase.state)) write(`<presence xmlns="${NS.CLIENT}" type="unavailable"/>`);
    write(`<close xmlns="${NS.FRAMING}"/>`);
    phase.transition('closing');
    setTimeout(finish, 0);
  }

  const transport: Transport = {
    kind: 'websocket',
    get boundJid() {
      return boundJid;
    },
    connect(fullJid, secret) {
      const at = fullJid.indexOf('@');
      const slash = fullJid.indexOf('/', at + 1);
      jid = {
        node: at > 0 ? fullJid.slice(0, at) : '',
        domain: fullJid.slice(at + 1, slash < 0 ? undefined : slash),
        resource: slash < 0 ? '' : fullJid.slice(slash + 1),
      };
      password = secret;
      phase.transition('opening');
      report('connecting');
      let opened: XmppSocket;
      try {
        opened = openSocket(options.service);
      } catch {
        return fail('connfail', TRANSPORT_CONDITIONS.socketFailed);
      }
      socket = opened;
      opened.onopen = openStream;
      opened.onmessage = (event) => onFrame(event.data);
      opened.onclose = (event) => onClose(event.code);
      opened.onerror = () =>
        phase.state === 'closing' ? finish() : fail('connfail', TRANSPORT_CONDITIONS.socketFailed);
    },
    bind() {
      phase.transition('binding');
      pending = { bind: nextId('bind'), session: null };
      const resource = jid.resource ? `<resource>${escapeXml(jid.resource)}</resource>` : '';
      write(
        `<iq xmlns="${NS.CLIENT}" type="set" id="${pending.bind}"><bind xmlns="${NS.BIND}">${resource}</bind></iq>`,
      );
    },
    send(element) {
      if (AUTHENTICATED.has(phase.state)) write(frameOf(element));
    },
    disconnect() {
      if (phase.state === 'closing' || phase.state === 'closed') return;
      report('disconnecting');
      closeStream();
    },
    drop() {
      // Like a network failure: no stream close, so the server keeps the session resumable.
      socket?.terminate?.();
      finish();
    },
  };
  return transport;
};
