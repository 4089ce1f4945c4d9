/**
 * A loopback WebSocket proxy the tests control, between a chat client and the stack's
 * `/xmpp-websocket`: it forwards text frames both ways, can drop or rewrite frames the client
 * sends, and can cut every connection at once the way a network failure does (no close frame,
 * no XMPP close), so the server keeps a resumable session hibernating.
 */
import type { AddressInfo } from 'node:net';
import { WebSocket, WebSocketServer, type RawData } from 'ws';

export interface WsProxy {
  /** ws://127.0.0.1:{port}/xmpp-websocket */
  readonly url: string;
  /** Connections opened so far. */
  readonly connections: number;
  /** Frames dropped by the filter so far. */
  readonly dropped: string[];
  /**
   * Decides what happens to each client → server frame: `null` drops it, a string replaces it.
   * Default: pass unchanged.
   */
  clientToServer: (frame: string) => string | null;
  /** Cuts every open connection abruptly (no close frame, no XMPP close), both sides at once. */
  cut(): void;
  /**
   * Cuts mid-stream like {@link cut}, except that the server never holds half a frame: what the
   * client sends from now on is lost (as in a real outage), what was already forwarded reaches
   * the server whole, then the server side sees its TCP connection end (no close frame, no XMPP
   * close) and the client side is reset. Needed because Prosody 0.12.3 keeps reading a resumed
   * session through the dropped connection's WebSocket frame buffer: half a frame left there
   * corrupts the resumed stream (reported with a fix; see the resumption test).
   */
  cutBetweenFrames(): Promise<void>;
  close(): Promise<void>;
}

export async function startWsProxy(target: string): Promise<WsProxy> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, handleProtocols: () => 'xmpp' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const pairs = new Set<{ client: WebSocket; upstream: WebSocket; ending?: boolean }>();
  let holding = false;
  let connections = 0;
  const dropped: string[] = [];
  const text = (data: RawData) =>
    (Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer)).toString();

  const proxy: WsProxy = {
    url: `ws://127.0.0.1:${(server.address() as AddressInfo).port}/xmpp-websocket`,
    get connections() {
      return connections;
    },
    dropped,
    clientToServer: (frame) => frame,
    cut() {
      for (const pair of pairs) {
        pair.client.terminate();
        pair.upstream.terminate();
      }
      pairs.clear();
    },
    async cutBetweenFrames() {
      holding = true;
      const current = [...pairs];
      while (!current.every((p) => p.upstream.bufferedAmount === 0)) {
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      for (const pair of current) {
        pairs.delete(pair);
        pair.ending = true;
        pair.client.terminate();
        // TCP FIN without a WebSocket close frame: the server reads every whole frame, then EOF.
        (pair.upstream as unknown as { _socket: { end(): void } })._socket.end();
      }
      holding = false;
    },
    close: () =>
      new Promise<void>((resolve) => {
        proxy.cut();
        server.close(() => resolve());
      }),
  };

  server.on('connection', (client) => {
    connections++;
    const upstream = new WebSocket(target, 'xmpp');
    const pair: { client: WebSocket; upstream: WebSocket; ending?: boolean } = { client, upstream };
    pairs.add(pair);
    const pending: string[] = [];
    upstream.on('open', () => {
      for (const frame of pending.splice(0)) upstream.send(frame);
    });
    upstream.on('message', (data) => {
      if (client.readyState === WebSocket.OPEN) client.send(text(data));
    });
    client.on('message', (data) => {
      const frame = holding ? null : proxy.clientToServer(text(data));
      if (frame === null) {
        dropped.push(text(data));
        return;
      }
      if (upstream.readyState === WebSocket.OPEN) upstream.send(frame);
      else pending.push(frame);
    });
    const end = () => {
      pairs.delete(pair);
      client.terminate();
      // A graceful cut lets the server finish reading; a reset now could discard what it has not read.
      if (!pair.ending) upstream.terminate();
    };
    client.on('close', end);
    upstream.on('close', end);
    client.on('error', end);
    upstream.on('error', end);
  });
  return proxy;
}
