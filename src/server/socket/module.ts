/**
 * The app socket endpoint at `/socket` (spec §7 "Real-time app socket", docs/architecture.md §3): WebSocket
 * upgrades on the one port through `deps.upgrades`, one {@link SocketSession} per connection, and
 * the server event that reaches open sockets here — an ended portal session (its sockets get an
 * ERROR frame with the token error and are closed). Notifications push through `appSockets` from
 * their own module (notifications/socket-push.ts).
 */
import type { IncomingMessage } from 'node:http';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { APP_SOCKET_CONTENT_TYPE, APP_SOCKET_PATH, APP_SOCKET_SEND } from '../../shared/app-socket';
import { realScheduler } from '../../shared/time/scheduler';
import type { ServerModule } from '../app';
import { failureForEnded } from '../auth/session-policy';
import type { ServerContext } from '../context';
import { handleUserChat } from './chat-private';
import { appSocketAdminRoutes } from './admin';
import { BodyError, ClientType, decodeClientMessage } from './codec';
import { storeAppLog } from './event-tracking';
import { appSockets } from './registry';
import { authenticateSocket } from './socket-identity';
import { CLOSE, FrameRejection, SocketSession } from './socket-session';
import type { StompFrame } from './stomp-frames';

const CONTENT_TYPES = [APP_SOCKET_CONTENT_TYPE, 'application/octet-stream'];
const MAX_MESSAGE_BYTES = 256 * 1024;
const CONNECT_TIMEOUT_MS = 30_000;

function sendHandler(ctx: ServerContext, sensitiveWords: readonly string[]) {
  return async (session: SocketSession, frame: StompFrame) => {
    const type = (frame.headers['content-type'] ?? CONTENT_TYPES[0]!).split(';')[0]!.trim();
    if (!CONTENT_TYPES.includes(type))
      throw new FrameRejection('UNSUPPORTED_CONTENT_TYPE', `Bodies are ${CONTENT_TYPES[0]}`);
    let message;
    try {
      message = decodeClientMessage(frame.body);
    } catch (error) {
      if (error instanceof BodyError) throw new FrameRejection('MALFORMED_BODY', error.message);
      throw error;
    }
    switch (frame.headers.destination) {
      case APP_SOCKET_SEND.chatPrivate:
        if (message.type !== ClientType.USER_CHAT_MESSAGE || !message.userChat) {
          throw new FrameRejection(
            'WRONG_MESSAGE_TYPE',
            'chat-private takes a ClientMessage of type USER_CHAT_MESSAGE',
          );
        }
        return handleUserChat(ctx, appSockets, session, message.userChat, sensitiveWords);
      case APP_SOCKET_SEND.eventTracking:
        if (message.type !== ClientType.APP_LOG || !message.appLog) {
          throw new FrameRejection(
            'WRONG_MESSAGE_TYPE',
            'event-tracking takes a ClientMessage of type APP_LOG',
          );
        }
        return storeAppLog(ctx, session, message.appLog);
      default:
        throw new FrameRejection('UNKNOWN_DESTINATION', `Nothing is sent to ${frame.headers.destination}`);
    }
  };
}

let server: WebSocketServer | null = null;
let unsubscribe: Array<() => void> = [];

export const appSocketModule: ServerModule = {
  name: 'app-socket',
  admin: appSocketAdminRoutes,
  start(ctx, deps) {
    const { heartBeatMs, sensitiveWords } = ctx.config.appSocket;
    const handleSend = sendHandler(ctx, sensitiveWords);
    const wss = new WebSocketServer({
      noServer: true,
      maxPayload: MAX_MESSAGE_BYTES,
      // STOMP's subprotocol names (STOMP 1.2 "WebSocket"): 1.2 if offered; none is fine too.
      handleProtocols: (protocols) => (protocols.has('v12.stomp') ? 'v12.stomp' : false),
    });
    server = wss;
    const attach = (ws: WebSocket) => {
      const session = new SocketSession(
        {
          send: (data) => ws.send(data, { binary: typeof data !== 'string' }),
          close: (code, reason) => ws.close(code, reason),
        },
        {
          authenticate: (token) => authenticateSocket(ctx, token),
          heartBeatMs,
          connectTimeoutMs: CONNECT_TIMEOUT_MS,
          timers: realScheduler,
          onConnected: (s) => appSockets.add(s),
          onClosed: (s) => appSockets.remove(s),
          handleSend,
          log: ctx.log,
        },
      );
      ws.on('message', (data: RawData) => session.receive(toBytes(data)));
      ws.on('close', () => session.closed());
      ws.on('error', (error) => ctx.log.warn({ err: error }, 'app socket error'));
    };
    // The upgrade router has checked Host and Origin (docs/security.md "HTTP headers and origins").
    deps.upgrades.add(APP_SOCKET_PATH, (request: IncomingMessage, socket, head) =>
      wss.handleUpgrade(request, socket, head, attach),
    );
    unsubscribe = [
      ctx.events.on('session.ended', ({ sessionId, reason }) => {
        const failure = failureForEnded(reason);
        for (const s of appSockets.forPortalSession(sessionId))
          s.end(failure.code, failure.message, CLOSE.tokenEnded);
      }),
    ];
  },
  stop() {
    for (const off of unsubscribe) off();
    unsubscribe = [];
    for (const client of server?.clients ?? []) client.close(1001, 'Server is stopping');
    server?.close();
    server = null;
  },
};

function toBytes(data: RawData): Uint8Array {
  if (Array.isArray(data)) return new Uint8Array(Buffer.concat(data));
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}
