/**
 * One STOMP 1.2 connection over one WebSocket (spec §7 "Real-time app socket"): CONNECT with the
 * given headers, heart-beats negotiated from CONNECTED (STOMP 1.2 "Heart-beating"), SUBSCRIBE, SEND
 * with a binary body, MESSAGE handed on by subscription, ERROR handed on, DISCONNECT on close.
 * Frames are read and written by @stomp/stompjs's `Parser` and `FrameImpl`; the rest of its
 * `Client` (reconnect, receipts, transactions, its own timers) is not needed, since the app socket
 * owns the attempts (app-socket.ts) and one connection lives for one attempt. Timers are injected.
 */
import { FrameImpl, Parser, type IRawFrameType, type IStompSocket } from '@stomp/stompjs';
import type { Scheduler } from '../shared/time/scheduler';

/** A received frame with its headers as a record (the first of a repeated header wins, STOMP 1.2). */
export interface StompFrame {
  command: string;
  headers: Record<string, string>;
  body: Uint8Array;
}

export interface StompConnectionOptions {
  /** The browser's WebSocket, `ws`'s, or a test's (stompjs's type of what a WebSocket has). */
  socket: IStompSocket;
  connectHeaders: Record<string, string>;
  /** Our heart-beat both ways, ms (0: none). */
  heartbeatMs: number;
  timers: Pick<Scheduler, 'setTimeout' | 'clearTimeout'>;
  onConnected(): void;
  onMessage(subscriptionId: string, frame: StompFrame): void;
  onError(frame: StompFrame): void;
  /** The socket closed, or was closed for a lost heart-beat; once. */
  onClose(event: { code?: number; reason?: string } | undefined): void;
}

export interface StompConnection {
  subscribe(destination: string, id: string): void;
  send(destination: string, headers: Record<string, string>, body: Uint8Array): void;
  /** DISCONNECT when connected, then the socket closes; onClose is not called. */
  close(): void;
}

const OPEN = 1;
/** A server silent for this many of its heart-beat periods is gone (as @stomp/stompjs judges it). */
const TOLERANCE = 2;

function toFrame(raw: IRawFrameType): StompFrame {
  const headers: Record<string, string> = {};
  for (const [name, value] of raw.headers) if (!(name in headers)) headers[name] = value;
  return { command: raw.command ?? '', headers, body: raw.binaryBody ?? new Uint8Array() };
}

/** `sx,sy` of a heart-beat header, as numbers (0 when absent or unreadable). */
function heartBeatOf(header: string | undefined): [number, number] {
  const [sx, sy] = (header ?? '0,0').split(',').map((part) => Number.parseInt(part, 10));
  return [Number.isFinite(sx) ? sx! : 0, Number.isFinite(sy) ? sy! : 0];
}

export function openStompConnection(options: StompConnectionOptions): StompConnection {
  const { socket, timers, heartbeatMs } = options;
  let closed = false;
  let lastHeard = Date.now();
  const beats: unknown[] = [];

  const write = (command: string, headers: Record<string, string>, body?: Uint8Array) => {
    if (socket.readyState !== OPEN) return;
    // STOMP 1.2: header values are escaped in every frame but CONNECT and CONNECTED.
    const frame = new FrameImpl({
      command,
      headers,
      ...(body ? { binaryBody: body } : {}),
      escapeHeaderValues: command !== 'CONNECT',
    });
    socket.send(frame.serialize());
  };

  const stopBeats = () => {
    for (const timer of beats.splice(0)) timers.clearTimeout(timer);
  };

  /** Repeats `tick` every `ms` on the injected timers until the connection ends. */
  const every = (ms: number, tick: () => void) => {
    const slot = beats.length;
    const next = () => {
      beats[slot] = timers.setTimeout(() => {
        if (closed) return;
        tick();
        if (!closed) next();
      }, ms);
    };
    next();
  };

  const end = (event: { code?: number; reason?: string } | undefined, report: boolean) => {
    if (closed) return;
    closed = true;
    stopBeats();
    socket.onopen = socket.onmessage = socket.onclose = null;
    socket.onerror = () => undefined;
    if (socket.readyState <= OPEN) socket.close();
    if (report) options.onClose(event);
  };

  const onConnected = (frame: StompFrame) => {
    const [serverSends, serverWants] = heartBeatOf(frame.headers['heart-beat']);
    if (heartbeatMs > 0 && serverWants > 0) {
      every(Math.max(heartbeatMs, serverWants), () => socket.readyState === OPEN && socket.send('\n'));
    }
    if (heartbeatMs > 0 && serverSends > 0) {
      const ttl = Math.max(heartbeatMs, serverSends);
      every(ttl, () => {
        if (Date.now() - lastHeard > ttl * TOLERANCE) end({ code: 4001, reason: 'heart-beat lost' }, true);
      });
    }
    options.onConnected();
  };

  const parser = new Parser(
    (raw) => {
      if (closed) return;
      const frame = toFrame(raw);
      if (frame.command === 'CONNECTED') onConnected(frame);
      else if (frame.command === 'MESSAGE') options.onMessage(frame.headers.subscription ?? '', frame);
      else if (frame.command === 'ERROR') options.onError(frame);
    },
    () => undefined,
  );

  socket.binaryType = 'arraybuffer';
  socket.onopen = () =>
    write('CONNECT', {
      'accept-version': '1.2,1.1,1.0',
      'heart-beat': `${heartbeatMs},${heartbeatMs}`,
      ...options.connectHeaders,
    });
  socket.onmessage = (event: { data?: unknown }) => {
    lastHeard = Date.now();
    const data = event.data;
    if (typeof data === 'string' || data instanceof ArrayBuffer) parser.parseChunk(data);
  };
  socket.onclose = (event?: { code?: number; reason?: string }) => end(event, true);
  socket.onerror = () => undefined;

  return {
    subscribe(destination, id) {
      write('SUBSCRIBE', { destination, id });
    },
    send(destination, headers, body) {
      write('SEND', { destination, ...headers }, body);
    },
    close() {
      if (closed) return;
      write('DISCONNECT', {});
      end(undefined, false);
    },
  };
}
