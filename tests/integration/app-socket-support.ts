/**
 * A raw STOMP peer for the app socket tests: `ws` plus the frame parser of @stomp/stompjs (an
 * implementation we did not write), so the server's frames are read independently of its code.
 */
import { Parser, type IRawFrameType } from '@stomp/stompjs';
import WebSocket from 'ws';
import { APP_SOCKET_SUBSCRIPTIONS } from '../../src/shared/app-socket';
import { decodeServerMessage, encodeClientMessage, type ClientMessageInit } from '../../src/socket';

export interface RawFrame {
  command: string;
  headers: Record<string, string>;
  body: Uint8Array;
}

export interface RawPeer {
  ws: WebSocket;
  frames: RawFrame[];
  heartBeats: number;
  closed: Promise<{ code: number; reason: string }>;
  isOpen(): boolean;
  sendRaw(data: string | Uint8Array): void;
  sendFrame(command: string, headers: Record<string, string>, body?: Uint8Array): void;
  /** Resolves with the first frame (already received or coming) that matches. */
  next(match: (f: RawFrame) => boolean, timeoutMs?: number): Promise<RawFrame>;
  close(): Promise<void>;
}

export function socketUrl(httpUrl: string): string {
  return `${httpUrl.replace(/^http/, 'ws')}/socket`;
}

export async function openRaw(url: string): Promise<RawPeer> {
  const ws = new WebSocket(url, ['v12.stomp']);
  ws.binaryType = 'arraybuffer';
  const frames: RawFrame[] = [];
  const waiters: Array<{ match: (f: RawFrame) => boolean; resolve: (f: RawFrame) => void }> = [];
  const peer = { heartBeats: 0 } as RawPeer;
  const parser = new Parser(
    (raw: IRawFrameType) => {
      const headers: Record<string, string> = {};
      for (const [k, v] of raw.headers) if (!(k in headers)) headers[k] = v;
      const frame = { command: raw.command ?? '', headers, body: raw.binaryBody ?? new Uint8Array() };
      frames.push(frame);
      for (const w of [...waiters]) {
        if (w.match(frame)) {
          waiters.splice(waiters.indexOf(w), 1);
          w.resolve(frame);
        }
      }
    },
    () => (peer.heartBeats += 1),
  );
  const text = new TextDecoder();
  ws.on('message', (data: ArrayBuffer, isBinary: boolean) => {
    parser.parseChunk(isBinary ? data : text.decode(data));
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const encoder = new TextEncoder();
  return Object.assign(peer, {
    ws,
    frames,
    closed,
    isOpen: () => ws.readyState === WebSocket.OPEN,
    sendRaw: (data: string | Uint8Array) => ws.send(data),
    sendFrame(command: string, headers: Record<string, string>, body = new Uint8Array()) {
      const head = [command, ...Object.entries(headers).map(([k, v]) => `${k}:${v}`)].join('\n');
      const bytes = encoder.encode(`${head}\ncontent-length:${body.length}\n\n`);
      const out = new Uint8Array(bytes.length + body.length + 1);
      out.set(bytes);
      out.set(body, bytes.length);
      ws.send(out);
    },
    next(match: (f: RawFrame) => boolean, timeoutMs = 60_000) {
      const found = frames.find(match);
      if (found) return Promise.resolve(found);
      return new Promise<RawFrame>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`No matching frame in ${timeoutMs} ms`)), timeoutMs);
        waiters.push({
          match,
          resolve: (f) => {
            clearTimeout(timer);
            resolve(f);
          },
        });
      });
    },
    async close() {
      if (ws.readyState === WebSocket.CLOSED) return;
      ws.close();
      await closed;
    },
  });
}

/** CONNECT with a token and the three subscriptions of spec §7; resolves once CONNECTED. */
export async function connectRaw(url: string, token: string | null, heartBeat = '0,0'): Promise<RawPeer> {
  const peer = await openRaw(url);
  peer.sendFrame('CONNECT', {
    'accept-version': '1.2',
    host: 'localhost',
    'heart-beat': heartBeat,
    ...(token ? { authToken: token } : {}),
  });
  const answer = await peer.next((f) => f.command === 'CONNECTED' || f.command === 'ERROR');
  if (answer.command !== 'CONNECTED') return peer;
  for (const { destination, id } of Object.values(APP_SOCKET_SUBSCRIPTIONS)) {
    peer.sendFrame('SUBSCRIBE', { destination, id, receipt: `sub-${id}` });
  }
  await peer.next((f) => f.command === 'RECEIPT' && f.headers['receipt-id'] === 'sub-3');
  return peer;
}

export function sendClientMessage(
  peer: RawPeer,
  destination: string,
  message: ClientMessageInit,
  receipt?: string,
) {
  peer.sendFrame(
    'SEND',
    { destination, 'content-type': 'application/x-protobuf', ...(receipt ? { receipt } : {}) },
    encodeClientMessage(message),
  );
}

export const decoded = (frame: RawFrame) => decodeServerMessage(frame.body);

export const onQueue = (destination: string) => (f: RawFrame) =>
  f.command === 'MESSAGE' && f.headers.destination === destination;
