/**
 * One app socket connection (spec §7 "Real-time app socket"; STOMP 1.2): CONNECT with a valid
 * `authToken` first (else an ERROR frame and the socket is closed), heart-beats as negotiated
 * (a client that offers none is still closed after two silent server periods),
 * the three subscriptions, SEND handed to the destination handlers, RECEIPT for every `receipt`
 * header. A frame that cannot be read or handled once connected is answered on the errors queue
 * (`/{product}User/queue/errors`) and the connection carries on.
 */
import { randomUUID } from 'node:crypto';
import {
  APP_SOCKET_CONTENT_TYPE,
  APP_SOCKET_SUBSCRIPTIONS,
  APP_SOCKET_TOKEN_HEADER,
} from '../../shared/app-socket';
import type { RepeatingScheduler } from '../../shared/time/scheduler';
import { ApiError } from '../http/api-error';
import { encodeServerMessage, ServerType } from './codec';
import { HEARTBEAT_GRACE, negotiate, parseHeartBeat } from './heartbeat';
import { createSocketSessionLifecycle, type SocketSessionState } from './session-state';
import type { SocketIdentity } from './socket-identity';
import { parseMessage, serializeFrame, type StompFrame } from './stomp-frames';

export interface SocketTransport {
  send(data: Uint8Array | string): void;
  close(code: number, reason: string): void;
}

export interface SocketSessionDeps {
  authenticate(token: string | null): Promise<SocketIdentity>;
  /** The server's heart-beat both ways (spec §9: 100000 ms). */
  heartBeatMs: number;
  /** An unauthenticated socket is closed after this long. */
  connectTimeoutMs: number;
  timers: RepeatingScheduler;
  onConnected(session: SocketSession): void;
  onClosed(session: SocketSession): void;
  /** Handles a SEND to a known destination; throws {@link FrameRejection} to answer on the errors queue. */
  handleSend(session: SocketSession, frame: StompFrame): Promise<void>;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
}

/** A frame the server will not act on: answered on the errors queue with this code. */
export class FrameRejection extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

/** WebSocket close codes (RFC 6455 §7.4; 4000-4999 are ours). */
export const CLOSE = {
  normal: 1000,
  protocol: 1002,
  policy: 1008,
  tokenEnded: 4001,
  heartBeatLost: 4002,
} as const;

const SERVER_NAME = 'provider-portal/1.0';

export class SocketSession {
  readonly id = randomUUID();
  auth: SocketIdentity | null = null;
  readonly #lifecycle = createSocketSessionLifecycle();
  /** Subscription id by destination. */
  readonly #subscriptions = new Map<string, string>();
  #queue: Promise<void> = Promise.resolve();
  #lastReceived: number;
  #timers: unknown[] = [];

  constructor(
    private readonly transport: SocketTransport,
    private readonly deps: SocketSessionDeps,
  ) {
    this.#lastReceived = deps.timers.now();
    const timeout = deps.timers.setTimeout(() => {
      if (this.state === 'awaiting-connect') this.#fatal('No CONNECT frame in time');
    }, deps.connectTimeoutMs);
    this.#timers.push(timeout);
  }

  get state(): SocketSessionState {
    return this.#lifecycle.state;
  }

  /** One WebSocket message; frames are handled in order, one at a time. */
  receive(data: Uint8Array): void {
    if (this.state === 'closing' || this.state === 'closed') return;
    this.#lastReceived = this.deps.timers.now();
    const parsed = parseMessage(data);
    for (const frame of parsed.frames) this.#enqueue(() => this.#handle(frame));
    if (parsed.error) {
      const error = parsed.error;
      this.#enqueue(async () => {
        if (this.state !== 'connected') return this.#fatal(`Malformed frame: ${error}`);
        this.sendError('MALFORMED_FRAME', error);
      });
    }
  }

  /** The WebSocket closed (either side). */
  closed(): void {
    if (this.state === 'closed') return;
    this.#lifecycle.transition('closed');
    for (const timer of this.#timers) {
      this.deps.timers.clearInterval(timer);
      this.deps.timers.clearTimeout(timer);
    }
    this.#timers = [];
    this.deps.onClosed(this);
  }

  /** Ends the connection with an ERROR frame whose `message` header is `code` (e.g. TOKEN_ERR_KICKED). */
  end(code: string, text: string, closeCode: number = CLOSE.tokenEnded): void {
    if (this.state === 'closing' || this.state === 'closed') return;
    this.#send(serializeFrame('ERROR', { message: code, 'content-type': 'text/plain' }, text));
    this.#lifecycle.transition('closing');
    this.transport.close(closeCode, code);
  }

  /**
   * Sends a ServerMessage as a MESSAGE frame to this connection's subscription of `destination`;
   * false when the client has not subscribed to it.
   */
  deliver(
    destination: string,
    message: Record<string, unknown>,
    extra: Record<string, string> = {},
  ): boolean {
    const subscription = this.#subscriptions.get(destination);
    if (this.state !== 'connected' || subscription === undefined) return false;
    const body = encodeServerMessage({ messageId: randomUUID(), serverTime: Date.now(), ...message });
    this.#send(
      serializeFrame(
        'MESSAGE',
        {
          destination,
          subscription,
          'message-id': randomUUID(),
          'content-type': APP_SOCKET_CONTENT_TYPE,
          ...extra,
        },
        body,
      ),
    );
    return true;
  }

  /** Answers a frame on the errors queue (spec §7 `/{product}User/queue/errors`, id 2). */
  sendError(code: string, text: string, frame?: StompFrame): void {
    const destination = frame?.headers.destination ?? '';
    const receipt = frame?.headers.receipt;
    const sent = this.deliver(
      APP_SOCKET_SUBSCRIPTIONS.errors.destination,
      { type: ServerType.ERROR, error: { code, message: text, destination } },
      { message: code, ...(receipt ? { 'receipt-id': receipt } : {}) },
    );
    if (!sent)
      this.deps.log.warn({ code, text, socket: this.id }, 'app socket error with no errors subscription');
  }

  #enqueue(work: () => Promise<void> | void): void {
    this.#queue = this.#queue.then(work).catch((error: unknown) => {
      this.deps.log.error({ err: error, socket: this.id }, 'app socket frame handling failed');
      if (this.state === 'connected')
        this.sendError('INTERNAL_ERROR', 'The server could not handle this frame');
    });
  }

  #send(bytes: Uint8Array | string): void {
    if (this.state === 'closed') return;
    this.transport.send(bytes);
  }

  #fatal(text: string): void {
    this.end('PROTOCOL_ERROR', text, CLOSE.protocol);
  }

  async #handle(frame: StompFrame): Promise<void> {
    if (this.state === 'closing' || this.state === 'closed') return;
    if (this.state !== 'connected') {
      if (frame.command === 'CONNECT' || frame.command === 'STOMP') return this.#connect(frame);
      return this.#fatal(`Expected CONNECT, got ${frame.command}`);
    }
    try {
      await this.#handleConnected(frame);
      const receipt = frame.headers.receipt;
      if (receipt && frame.command !== 'DISCONNECT')
        this.#send(serializeFrame('RECEIPT', { 'receipt-id': receipt }));
    } catch (error) {
      if (!(error instanceof FrameRejection)) throw error;
      this.sendError(error.code, error.message, frame);
    }
  }

  async #handleConnected(frame: StompFrame): Promise<void> {
    const { headers } = frame;
    switch (frame.command) {
      case 'SUBSCRIBE': {
        const known = Object.values(APP_SOCKET_SUBSCRIPTIONS).some(
          (s) => s.destination === headers.destination,
        );
        if (!headers.id || !headers.destination)
          throw new FrameRejection('MALFORMED_FRAME', 'SUBSCRIBE needs destination and id');
        if (!known)
          throw new FrameRejection('UNKNOWN_DESTINATION', `No subscription to ${headers.destination}`);
        if ([...this.#subscriptions.values()].includes(headers.id)) {
          throw new FrameRejection('DUPLICATE_SUBSCRIPTION', `Subscription id ${headers.id} is in use`);
        }
        this.#subscriptions.set(headers.destination, headers.id);
        return;
      }
      case 'UNSUBSCRIBE': {
        const entry = [...this.#subscriptions].find(([, id]) => id === headers.id);
        if (!entry)
          throw new FrameRejection('UNKNOWN_SUBSCRIPTION', `No subscription with id ${headers.id ?? ''}`);
        this.#subscriptions.delete(entry[0]);
        return;
      }
      case 'SEND':
        if (!headers.destination) throw new FrameRejection('MALFORMED_FRAME', 'SEND needs a destination');
        return this.deps.handleSend(this, frame);
      case 'DISCONNECT':
        if (headers.receipt) this.#send(serializeFrame('RECEIPT', { 'receipt-id': headers.receipt }));
        this.#lifecycle.transition('closing');
        return this.transport.close(CLOSE.normal, 'DISCONNECT');
      case 'CONNECT':
      case 'STOMP':
        throw new FrameRejection('ALREADY_CONNECTED', 'This connection is already connected');
      default:
        // Subscriptions are ack:auto and transactions are not offered on this socket.
        throw new FrameRejection('UNSUPPORTED_COMMAND', `${frame.command} is not supported here`);
    }
  }

  async #connect(frame: StompFrame): Promise<void> {
    const versions = (frame.headers['accept-version'] ?? '1.0').split(',').map((v) => v.trim());
    if (!versions.includes('1.2')) {
      this.#send(serializeFrame('ERROR', { version: '1.2', message: 'Supported protocol versions are 1.2' }));
      this.#lifecycle.transition('closing');
      return this.transport.close(CLOSE.protocol, 'STOMP 1.2 only');
    }
    const clientBeat = parseHeartBeat(frame.headers['heart-beat']);
    if (!clientBeat) return this.#fatal('Malformed heart-beat header');
    this.#lifecycle.transition('authenticating');
    try {
      this.auth = await this.deps.authenticate(frame.headers[APP_SOCKET_TOKEN_HEADER] ?? null);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      return this.end(error.code, error.message, CLOSE.policy);
    }
    if (this.state !== 'authenticating') return;
    this.#lifecycle.transition('connected');
    const beat = this.deps.heartBeatMs;
    const plan = negotiate(clientBeat, [beat, beat]);
    this.#send(
      serializeFrame('CONNECTED', {
        version: '1.2',
        'heart-beat': `${beat},${beat}`,
        server: SERVER_NAME,
        session: this.id,
      }),
    );
    if (plan.sendEveryMs > 0)
      this.#timers.push(this.deps.timers.setInterval(() => this.#send('\n'), plan.sendEveryMs));
    // An authenticated socket never stays open unheard (docs/security.md "Automatic logoff"): a
    // client offering no heart-beats (cx = 0) must still send something every server period.
    const expectEveryMs = plan.expectEveryMs > 0 ? plan.expectEveryMs : beat;
    if (expectEveryMs > 0) {
      const limit = expectEveryMs * HEARTBEAT_GRACE;
      const check = () => {
        if (this.state === 'connected' && this.deps.timers.now() - this.#lastReceived > limit) {
          this.#lifecycle.transition('closing');
          this.transport.close(CLOSE.heartBeatLost, 'heart-beat lost');
        }
      };
      this.#timers.push(this.deps.timers.setInterval(check, expectEveryMs));
    }
    this.deps.onConnected(this);
  }
}
