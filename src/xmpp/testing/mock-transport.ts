/**
 * The chat stack's test double (docs/conventions.md "What we do" 12): a transport that never opens a
 * socket. Tests feed stanzas with `mockInput`, wait for what the stack sends with
 * `catchOutgoing`, and play the server's part of the login, stream management and drops.
 */
import { parseXml } from '../xml/parse-xml';
import { xml, XmlElement } from '../xml/element';
import type { Transport, TransportFactory, TransportHandlers, TransportStatus } from '../transport/types';

export interface MockTransportOptions {
  /** Fail SASL (AUTHFAIL) instead of logging in. */
  authFail?: boolean;
  /** Answer `<enable/>` with a resumable `<enabled/>`. Default true. */
  streamManagement?: boolean;
  /** Answer roster gets, carbons and pings by itself. Default true. */
  autoRespond?: boolean;
}

/** One mock connection (one per connection attempt). */
export interface MockConnection extends Transport {
  readonly jid: string;
  readonly password: string;
  readonly sent: XmlElement[];
  readonly closed: boolean;
}

export interface MockTransport {
  /** Pass as `transportFactory` in the client options. */
  readonly factory: TransportFactory;
  /** Every connection attempt so far; the last one is current. */
  readonly connections: MockConnection[];
  readonly current: MockConnection | undefined;
  /** Every element sent on any connection, in order. */
  readonly sent: XmlElement[];
  /** Delivers a stanza (XML text or element) on the current connection as if the server sent it. */
  mockInput(stanza: string | XmlElement): void;
  /** Resolves with the next element sent that matches (a name, or a predicate). */
  catchOutgoing(match: string | ((element: XmlElement) => boolean)): Promise<XmlElement>;
  /** Reports a transport status on the current connection. */
  status(status: TransportStatus, condition?: string | null): void;
  /** Answers an iq we sent with a result carrying these children. */
  reply(iq: XmlElement, ...children: XmlElement[]): void;
  options: MockTransportOptions;
}

const SM_NS = 'urn:xmpp:sm:3';

export function createMockTransport(options: MockTransportOptions = {}): MockTransport {
  const connections: MockConnection[] = [];
  const sent: XmlElement[] = [];
  const catchers: Array<{ match(e: XmlElement): boolean; resolve(e: XmlElement): void }> = [];
  const handlersOf = new Map<MockConnection, TransportHandlers>();
  let smCount = 0;

  const current = () => connections[connections.length - 1];
  const input = (connection: MockConnection, element: XmlElement) =>
    handlersOf.get(connection)?.onElement(element);

  function autoRespond(connection: MockConnection, element: XmlElement): void {
    if (options.autoRespond === false) return;
    if (element.is('enable', SM_NS) && options.streamManagement !== false) {
      input(connection, xml('enabled', { xmlns: SM_NS, id: `sm-${++smCount}`, resume: 'true', max: 60 }));
    } else if (
      element.name === 'iq' &&
      element.attrs.type === 'get' &&
      element.child('query', 'jabber:iq:roster')
    ) {
      input(
        connection,
        xml('iq', { type: 'result', id: element.attrs.id }, xml('query', { xmlns: 'jabber:iq:roster' })),
      );
    } else if (element.name === 'iq' && element.child('enable', 'urn:xmpp:carbons:2')) {
      input(connection, xml('iq', { type: 'result', id: element.attrs.id }));
    } else if (
      element.name === 'iq' &&
      element.attrs.type === 'get' &&
      element.child('ping', 'urn:xmpp:ping')
    ) {
      input(connection, xml('iq', { type: 'result', id: element.attrs.id, from: element.attrs.to }));
    }
  }

  const factory: TransportFactory = (transportOptions, handlers) => {
    let jid = '';
    let password = '';
    let bound = '';
    let closed = false;
    const own: XmlElement[] = [];
    const report = (status: TransportStatus, condition: string | null = null) =>
      queueMicrotask(() => handlers.onStatus(status, condition));
    const connection: MockConnection = {
      kind: transportOptions.kind,
      get jid() {
        return jid;
      },
      get password() {
        return password;
      },
      get boundJid() {
        return bound;
      },
      get sent() {
        return own;
      },
      get closed() {
        return closed;
      },
      connect(j, p) {
        jid = j;
        password = p;
        report('connecting');
        report('authenticating');
        // Like Strophe: after a SASL failure the stream stays open until the session closes it.
        report(options.authFail ? 'authfail' : 'bind-required');
      },
      bind() {
        bound = jid.includes('/') ? jid : `${jid}/mock`;
        report('connected');
      },
      send(element) {
        if (closed) return;
        own.push(element);
        sent.push(element);
        for (const catcher of [...catchers]) {
          if (catcher.match(element)) {
            catchers.splice(catchers.indexOf(catcher), 1);
            catcher.resolve(element);
          }
        }
        autoRespond(connection, element);
      },
      disconnect() {
        if (closed) return;
        closed = true;
        report('disconnecting');
        report('disconnected');
      },
      drop() {
        if (closed) return;
        closed = true;
        report('disconnected');
      },
    };
    handlersOf.set(connection, handlers);
    connections.push(connection);
    return connection;
  };

  return {
    factory,
    connections,
    get current() {
      return current();
    },
    sent,
    options,
    mockInput(stanza) {
      const connection = current();
      if (!connection) throw new Error('No mock connection yet');
      input(connection, typeof stanza === 'string' ? parseXml(stanza) : stanza);
    },
    catchOutgoing(match) {
      const test = typeof match === 'string' ? (e: XmlElement) => e.name === match : match;
      return new Promise((resolve) => catchers.push({ match: test, resolve }));
    },
    status(status, condition = null) {
      const connection = current();
      if (connection) handlersOf.get(connection)?.onStatus(status, condition);
    },
    reply(iq, ...children) {
      this.mockInput(xml('iq', { type: 'result', id: iq.attrs.id, from: iq.attrs.to }, ...children));
    },
  };
}

export { XmlElement };
