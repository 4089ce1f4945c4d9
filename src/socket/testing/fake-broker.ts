/**
 * A fake STOMP broker for tests of the app socket client (docs/conventions.md "What we do" 12): it hands the
 * client in-memory WebSockets (`webSocketFactory: broker.createSocket`), reads client frames with
 * the stompjs parser, answers CONNECT (or refuses it), keeps subscriptions, and lets a test push
 * messages, drop the network, kick the token and see every frame the client sent.
 */
import { FrameImpl, Parser, type IRawFrameType, type IStompSocket } from '@stomp/stompjs';
import { APP_SOCKET_CONTENT_TYPE } from '../../shared/app-socket';

export interface BrokerFrame {
  command: string;
  headers: Record<string, string>;
  body: Uint8Array;
}

export interface FakeBrokerOptions {
  /** The server's heart-beat header `sx,sy` (default `0,0`). */
  heartBeat?: string;
  /** Token check on CONNECT: null accepts, a string refuses with that `message` header. */
  checkToken?: (token: string | undefined) => string | null;
}

const OPEN = 1;
const CLOSED = 3;

export class FakeSocket implements IStompSocket {
  readyState = 0;
  binaryType = 'arraybuffer';
  onclose: ((ev?: unknown) => unknown) | null = null;
  onerror: ((ev: unknown) => unknown) | null = null;
  onmessage: ((ev: unknown) => unknown) | null = null;
  onopen: ((ev?: unknown) => unknown) | null = null;
  readonly received: BrokerFrame[] = [];
  heartBeatsReceived = 0;
  readonly subscriptions = new Map<string, string>();
  connected = false;
  readonly #parser: Parser;

  constructor(
    readonly url: string,
    private readonly broker: FakeBroker,
  ) {
    this.#parser = new Parser(
      (raw) => broker.handle(this, toFrame(raw)),
      () => (this.heartBeatsReceived += 1),
    );
    queueMicrotask(() => {
      if (broker.down) return this.closeFromServer(1006, 'unreachable');
      this.readyState = OPEN;
      this.onopen?.({});
    });
  }

  send(data: string | ArrayBufferLike | Blob | ArrayBufferView): void {
    if (this.readyState !== OPEN) throw new Error('FakeSocket is not open');
    const chunk =
      typeof data === 'string'
        ? data
        : ArrayBuffer.isView(data)
          ? (data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) as ArrayBuffer)
          : (data as ArrayBuffer);
    this.#parser.parseChunk(chunk);
  }

  close(): void {
    this.closeFromServer(1000, 'closed by client');
  }

  /** Sends a frame or raw data to the client. */
  deliver(data: string | ArrayBuffer): void {
    if (this.readyState !== OPEN) return;
    queueMicrotask(() => this.readyState === OPEN && this.onmessage?.({ data }));
  }

  closeFromServer(code: number, reason: string): void {
    if (this.readyState === CLOSED) return;
    this.readyState = CLOSED;
    this.connected = false;
    queueMicrotask(() => this.onclose?.({ code, reason, wasClean: code === 1000 }));
  }
}

function toFrame(raw: IRawFrameType): BrokerFrame {
  const headers: Record<string, string> = {};
  for (const [k, v] of raw.headers) if (!(k in headers)) headers[k] = v;
  return { command: raw.command ?? '', headers, body: raw.binaryBody ?? new Uint8Array() };
}

function serialize(
  command: string,
  headers: Record<string, string>,
  body?: Uint8Array,
): string | ArrayBuffer {
  return new FrameImpl({ command, headers, ...(body ? { binaryBody: body } : {}) }).serialize();
}

export class FakeBroker {
  readonly sockets: FakeSocket[] = [];
  /** While true, new sockets fail to open (the server is unreachable). */
  down = false;
  #messageId = 0;
  readonly #waiters: Array<{ match: (f: BrokerFrame) => boolean; resolve: (f: BrokerFrame) => void }> = [];

  constructor(private readonly options: FakeBrokerOptions = {}) {}

  /** Pass as the client's `webSocketFactory`. */
  createSocket = (url: string): IStompSocket => {
    const socket = new FakeSocket(url, this);
    this.sockets.push(socket);
    return socket;
  };

  get latest(): FakeSocket | undefined {
    return this.sockets.at(-1);
  }

  /** Every frame any client sent, in order. */
  get received(): BrokerFrame[] {
    return this.sockets.flatMap((s) => s.received);
  }

  /** Resolves with the first frame the client sends (or sent) that matches. */
  catchOutgoing(match: (f: BrokerFrame) => boolean): Promise<BrokerFrame> {
    const seen = this.received.find(match);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) => this.#waiters.push({ match, resolve }));
  }

  handle(socket: FakeSocket, frame: BrokerFrame): void {
    socket.received.push(frame);
    for (const w of [...this.#waiters]) {
      if (w.match(frame)) {
        this.#waiters.splice(this.#waiters.indexOf(w), 1);
        w.resolve(frame);
      }
    }
    switch (frame.command) {
      case 'CONNECT':
      case 'STOMP': {
        const refusal = this.options.checkToken?.(frame.headers.authToken) ?? null;
        if (refusal) return this.kick(socket, refusal);
        socket.connected = true;
        socket.deliver(
          serialize('CONNECTED', { version: '1.2', 'heart-beat': this.options.heartBeat ?? '0,0' }),
        );
        return;
      }
      case 'SUBSCRIBE':
        socket.subscriptions.set(frame.headers.destination!, frame.headers.id!);
        break;
      case 'UNSUBSCRIBE':
        for (const [d, id] of socket.subscriptions)
          if (id === frame.headers.id) socket.subscriptions.delete(d);
        break;
      case 'DISCONNECT':
        if (frame.headers.receipt)
          socket.deliver(serialize('RECEIPT', { 'receipt-id': frame.headers.receipt }));
        socket.closeFromServer(1000, 'DISCONNECT');
        return;
    }
    if (frame.headers.receipt) socket.deliver(serialize('RECEIPT', { 'receipt-id': frame.headers.receipt }));
  }

  /** Sends a binary MESSAGE to every connected socket subscribed to `destination`; returns how many. */
  push(destination: string, body: Uint8Array): number {
    let count = 0;
    for (const socket of this.sockets) {
      const id = socket.subscriptions.get(destination);
      if (!socket.connected || id === undefined) continue;
      this.#messageId += 1;
      socket.deliver(
        serialize(
          'MESSAGE',
          {
            destination,
            subscription: id,
            'message-id': String(this.#messageId),
            'content-type': APP_SOCKET_CONTENT_TYPE,
          },
          body,
        ),
      );
      count += 1;
    }
    return count;
  }

  /** A heart-beat (EOL) from the broker. */
  beat(socket = this.latest): void {
    socket?.deliver('\n');
  }

  /** The network drops: the client sees an abnormal close (1006). */
  drop(socket = this.latest): void {
    socket?.closeFromServer(1006, 'network lost');
  }

  /** ERROR frame with `message: code`, then the socket closes (what the server does to an ended token). */
  kick(socket = this.latest, code = 'TOKEN_ERR_KICKED'): void {
    if (!socket) return;
    socket.deliver(serialize('ERROR', { message: code }, new TextEncoder().encode(code)));
    queueMicrotask(() => queueMicrotask(() => socket.closeFromServer(1008, code)));
  }
}
