/**
 * The portal's app socket client (spec §7 "Real-time app socket"; docs/architecture.md §3): STOMP 1.2 over
 * WebSocket (stomp-connection.ts, frames by @stomp/stompjs), `authToken` on CONNECT, heart-beat 100000 ms both ways (spec §9),
 * the three subscriptions with the ids spec §7 gives them, binary protobuf bodies, and reconnects
 * with back-off after failures, re-subscribing each time. A token the server refuses ends the
 * attempts (state `rejected`). Timers and the WebSocket are injected, so it runs in Node and tests.
 */
import type { IStompSocket } from '@stomp/stompjs';
import {
  APP_SOCKET_CONTENT_TYPE,
  APP_SOCKET_SEND,
  APP_SOCKET_SUBSCRIPTIONS,
  APP_SOCKET_TOKEN_HEADER,
} from '../shared/app-socket';
import { APP_SOCKET_HEARTBEAT_MS } from '../shared/constants';
import { createEmitter, type Listener as EmitterListener } from '../shared/emitter';
import { realScheduler, type Scheduler } from '../shared/time/scheduler';
import { backoffDelay, DEFAULT_BACKOFF, type BackoffOptions } from './backoff';
import {
  ClientMessageType,
  decodeServerMessage,
  encodeClientMessage,
  redDotPushOf,
  ServerMessageType,
  type appsocket,
  type ClientMessageInit,
} from './codec';
import { createLifecycle, type AppSocketState } from './connection-state';
import { openStompConnection, type StompConnection, type StompFrame } from './stomp-connection';

/** What the app socket uses of the shared scheduler (src/shared/scheduler.ts). */
export type AppSocketTimers = Pick<Scheduler, 'setTimeout' | 'clearTimeout'>;

export interface AppSocketOptions {
  /** `ws(s)://host/socket`. */
  url: string;
  token: string;
  /** Opens the WebSocket; defaults to the global `WebSocket` (browsers, Node ≥ 22). */
  webSocketFactory?: (url: string) => IStompSocket;
  heartbeatMs?: number;
  backoff?: BackoffOptions;
  timers?: AppSocketTimers;
  random?: () => number;
  /** Give up an attempt that has no CONNECTED after this long. */
  connectTimeoutMs?: number;
}

export interface AppSocketEvents {
  state: { state: AppSocketState; reason?: string };
  /** Every decoded server message, with the subscription it came on. */
  message: { destination: string; message: appsocket.ServerMessage };
  /** A push of type 2 in a server message of type 3 (spec §4 Notifications). */
  redDot: appsocket.RedDotPush;
  /** What the server answered on the errors queue, or a body the codec could not read. */
  error: { code: string; message: string; destination?: string };
}

type Listener<K extends keyof AppSocketEvents> = EmitterListener<AppSocketEvents[K]>;

export interface AppSocket {
  readonly state: AppSocketState;
  /** Opens the connection; reconnects until `stop()` or a refused token. */
  start(): void;
  /** Closes for good (sign-out). */
  stop(): Promise<void>;
  on<K extends keyof AppSocketEvents>(name: K, listener: Listener<K>): () => void;
  /** Sends a user chat message to /connect/chat-private; throws when not connected. */
  sendChat(chat: appsocket.UserChat.$Properties): void;
  /** Sends an app log to /connect/event-tracking; kept (up to 100) while offline and sent on connect. */
  track(log: appsocket.AppLog.$Properties): void;
  /** How many reconnect attempts have failed in a row. */
  readonly failures: number;
}

export class AppSocketNotConnectedError extends Error {
  override name = 'AppSocketNotConnectedError';
}

const MAX_PENDING_LOGS = 100;

export function createAppSocket(options: AppSocketOptions): AppSocket {
  const timers = options.timers ?? realScheduler;
  const random = options.random ?? Math.random;
  const heartbeat = options.heartbeatMs ?? APP_SOCKET_HEARTBEAT_MS;
  // A listener that throws does not stop the others nor the frame being handled.
  const events = createEmitter<AppSocketEvents>();
  const emit = events.emit;
  let reason: string | undefined;
  const lifecycle = createLifecycle((state) => emit('state', { state, reason }));
  /** The attempt's connection; `connected` once CONNECTED came on it. */
  let client: { stomp: StompConnection; connected: boolean } | null = null;
  let retry: unknown = null;
  let failures = 0;
  const pendingLogs: ClientMessageInit[] = [];

  const move = (to: AppSocketState, why?: string) => {
    reason = why;
    lifecycle.transition(to);
  };

  const onFrameMessage = (destination: string, frame: StompFrame) => {
    let message: appsocket.ServerMessage;
    try {
      message = decodeServerMessage(frame.body);
    } catch (error) {
      emit('error', { code: 'UNREADABLE_MESSAGE', message: (error as Error).message, destination });
      return;
    }
    emit('message', { destination, message });
    if (message.type === ServerMessageType.ERROR && message.error) {
      const error = message.error as appsocket.SocketError;
      emit('error', { code: error.code, message: error.message, destination: error.destination });
    }
    const redDot = redDotPushOf(message);
    if (redDot) emit('redDot', redDot);
  };

  const publish = (destination: string, body: ClientMessageInit) => {
    if (!client?.connected) throw new AppSocketNotConnectedError('The app socket is not connected');
    client.stomp.send(destination, { 'content-type': APP_SOCKET_CONTENT_TYPE }, encodeClientMessage(body));
  };

  const scheduleRetry = (why: string) => {
    failures += 1;
    move('waiting', why);
    retry = timers.setTimeout(
      () => {
        retry = null;
        if (lifecycle.state === 'waiting') connect();
      },
      backoffDelay(failures, options.backoff ?? DEFAULT_BACKOFF, random),
    );
  };

  /** Subscriptions by id (spec §7 ids), for the MESSAGE frames that name theirs. */
  const destinationOf = new Map<string, string>(
    Object.values(APP_SOCKET_SUBSCRIPTIONS).map(({ destination, id }) => [id, destination]),
  );

  const connect = () => {
    move('connecting');
    let refused: string | null = null;
    let watchdog: unknown = null;
    const socket = options.webSocketFactory
      ? options.webSocketFactory(options.url)
      : new WebSocket(options.url);
    const attempt = {
      connected: false,
      stomp: openStompConnection({
        socket: socket as IStompSocket,
        connectHeaders: { [APP_SOCKET_TOKEN_HEADER]: options.token },
        heartbeatMs: heartbeat,
        timers,
        onConnected() {
          if (client !== attempt) return;
          if (watchdog !== null) timers.clearTimeout(watchdog);
          attempt.connected = true;
          failures = 0;
          // Subscriptions do not survive a connection: re-subscribe on every CONNECTED (spec §7 ids).
          for (const { destination, id } of Object.values(APP_SOCKET_SUBSCRIPTIONS)) {
            attempt.stomp.subscribe(destination, id);
          }
          move('connected');
          for (const log of pendingLogs.splice(0)) publish(APP_SOCKET_SEND.eventTracking, log);
        },
        onMessage(id, frame) {
          const destination = destinationOf.get(id);
          if (client === attempt && destination) onFrameMessage(destination, frame);
        },
        onError(frame) {
          const code = frame.headers.message ?? '';
          // The four token errors of spec §8 (TOKEN_ERR_KICKED, _EMPTY, _NOT_FOUND, _LOGOUT); matched by
          // prefix so the socket code does not pull the API contract (and zod) into its bundle.
          if (code.startsWith('TOKEN_ERR_')) refused = code;
          else emit('error', { code: 'STOMP_ERROR', message: code || new TextDecoder().decode(frame.body) });
        },
        onClose(event) {
          if (watchdog !== null) timers.clearTimeout(watchdog);
          if (client !== attempt) return;
          client = null;
          if (lifecycle.state === 'stopped') return;
          if (refused) return move('rejected', refused);
          scheduleRetry(`closed (${event?.code ?? 'no code'}${event?.reason ? `: ${event.reason}` : ''})`);
        },
      }),
    };
    client = attempt;
    const timeoutMs = options.connectTimeoutMs ?? 20_000;
    // An attempt with no CONNECTED in time is given up like a lost connection.
    if (timeoutMs > 0) {
      watchdog = timers.setTimeout(() => {
        if (client !== attempt || attempt.connected) return;
        attempt.stomp.close();
        client = null;
        scheduleRetry('no CONNECTED in time');
      }, timeoutMs);
    }
  };

  return {
    get state() {
      return lifecycle.state;
    },
    get failures() {
      return failures;
    },
    start() {
      if (lifecycle.state !== 'idle')
        throw new Error(`The app socket was already started (${lifecycle.state})`);
      connect();
    },
    async stop() {
      if (lifecycle.state === 'stopped') return;
      if (retry !== null) timers.clearTimeout(retry);
      retry = null;
      const current = client;
      client = null;
      move('stopped');
      current?.stomp.close();
    },
    on: events.on,
    sendChat(chat) {
      publish(APP_SOCKET_SEND.chatPrivate, {
        type: ClientMessageType.USER_CHAT_MESSAGE,
        userChat: chat,
      });
    },
    track(log) {
      const message = { type: ClientMessageType.APP_LOG, appLog: log };
      if (client?.connected) return publish(APP_SOCKET_SEND.eventTracking, message);
      if (pendingLogs.length >= MAX_PENDING_LOGS) pendingLogs.shift();
      pendingLogs.push(message);
    },
  };
}
