/**
 * The client's transports: WebSocket (RFC 7395) of our own, and BOSH (XEP-0206) through strophe.js,
 * loaded only when a stream goes over BOSH, so a page on WebSocket never carries it
 * (docs/performance.md "Route budgets"). Until Strophe has loaded, a BOSH transport keeps what
 * the session asks of it and hands it on in order.
 */
import type { Transport, TransportFactory } from './types';
import { createWebSocketTransport } from './websocket-transport';

type Call = (transport: Transport) => void;

/** A BOSH transport whose Strophe loads on its first use. */
const createBoshTransport: TransportFactory = (options, handlers) => {
  let real: Transport | null = null;
  let dropped = false;
  const queued: Call[] = [];
  const run = (call: Call) => (real ? call(real) : queued.push(call));
  void import('./strophe-transport').then(
    ({ createStropheTransport }) => {
      if (dropped) return;
      real = createStropheTransport(options, handlers);
      for (const call of queued.splice(0)) call(real);
    },
    () => {
      if (dropped) return;
      // The chunk did not load (offline, a deploy replaced it): the attempt fails as a network would.
      dropped = true;
      handlers.onStatus('connfail', 'transport-unavailable');
      handlers.onStatus('disconnected', null);
    },
  );
  return {
    kind: 'bosh',
    get boundJid() {
      return real?.boundJid ?? '';
    },
    connect: (jid, password) => run((t) => t.connect(jid, password)),
    bind: () => run((t) => t.bind()),
    send: (element) => run((t) => t.send(element)),
    disconnect: (reason) => run((t) => t.disconnect(reason)),
    drop() {
      if (real) return real.drop();
      if (dropped) return;
      dropped = true;
      queued.length = 0;
      handlers.onStatus('disconnected', null);
    },
  };
};

/** The transport for a stream, by its kind (types.ts `kindOfService`). */
export const createTransport: TransportFactory = (options, handlers) =>
  options.kind === 'websocket'
    ? createWebSocketTransport(options, handlers)
    : createBoshTransport(options, handlers);
