/**
 * A loopback WebSocket proxy the tests control, between a chat client and the stack's
 * `/xmpp-websocket`: it forwards text frames both ways, can drop or rewrite frames the client
 * sends, and can cut every connection at once the way a network failure does (no close frame,
 * no XMPP close), so the server keeps a resumable session hibernating.
 */
import { randomBytes } from 'node:crypto';
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
   * close) and the client side is reset. The clean case; {@link cutThroughFrame} is the rough one
   * (Prosody 0.12.3 alone would resume a session through the dropped connection's frame buffer
   * and choke on a half frame there; mod_portal_smacks_resume.lua fixes that).
   */
  cutBetweenFrames(): Promise<void>;
  /**
   * Cuts abruptly through a frame, as a network failure in the middle of a write does: the next
   * frame the client sends reaches the server only in part (its header and half its payload),
   * then the server side sees its TCP connection end and the client side is reset — no close
   * frame, no XMPP close. Resolves once cut. The server must drop the half frame and still
   * resume the session (src/server/prosody/modules/mod_portal_smacks_resume.lua).
   */
  cutThroughFrame(): Promise<void>;
  close(): Promise<void>;
}

/** A masked client text frame (RFC 6455 §5.2, §5.3: a client MUST mask every frame). */
function maskedTextFrame(text: string): { frame: Buffer; headerLength: number } {
  const payload = Buffer.from(text);
  const length = payload.length;
  if (length >= 65536) throw new Error('Frame too long for this proxy');
  const header =
    length < 126
      ? Buffer.from([0x81, 0x80 | length])
      : Buffer.from([0x81, 0x80 | 126, length >> 8, length & 255]);
  const mask = randomBytes(4);
  const masked = Buffer.from(payload.map((byte, i) => byte ^ mask[i % 4]!));
  return { frame: Buffer.concat([header, mask, masked]), headerLength: header.length + mask.length };
}

export async function startWsProxy(target: string): Promise<WsProxy> {
  const server = new WebSocketServer({ host: '127.0.0.1', port: 0, handleProtocols: () => 'xmpp' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  const pairs = new Set<{ client: WebSocket; upstream: WebSocket; ending?: boolean }>();
  let holding = false;
  let splitNext: (() => void) | null = null;
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
    cutThroughFrame: () =>
      new Promise<void>((resolve) => {
        splitNext = resolve;
      }),
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
      if (splitNext && upstream.readyState === WebSocket.OPEN) {
        const cut = splitNext;
        splitNext = null;
        const { frame, headerLength } = maskedTextFrame(text(data));
        const socket = (upstream as unknown as { _socket: { write(b: Buffer): void; end(): void } })._socket;
        // Header and half the payload on the wire, then FIN: the server holds half a frame.
        socket.write(frame.subarray(0, headerLength + Math.floor((frame.length - headerLength) / 2)));
        pairs.delete(pair);
        pair.ending = true;
        client.terminate();
        socket.end();
        proxy.cut();
        cut();
        return;
      }
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
