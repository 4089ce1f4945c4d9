/**
 * The app socket client (src/socket) on the fake broker of src/socket/testing: CONNECT with the
 * token and heart-beat (spec §7, §9), the three subscriptions with their ids, decoded pushes,
 * reconnect with growing back-off and re-subscription, a refused token ends the attempts.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { APP_SOCKET_SEND, APP_SOCKET_SUBSCRIPTIONS } from '../../src/shared/app-socket';
import {
  APP_SOCKET_TRANSITIONS,
  appsocket,
  backoffDelay,
  createAppSocket,
  createLifecycle,
  decodeClientMessage,
  DEFAULT_BACKOFF,
  encodeServerMessage,
  IllegalTransitionError,
  type AppSocket,
} from '../../src/socket';
import { FakeBroker } from '../../src/socket/testing/fake-broker';

const CHAT = APP_SOCKET_SUBSCRIPTIONS.chatPrivate.destination;
const ERRORS = APP_SOCKET_SUBSCRIPTIONS.errors.destination;
let broker: FakeBroker;
let socket: AppSocket;
let states: string[];

function start(options: Partial<Parameters<typeof createAppSocket>[0]> = {}) {
  socket = createAppSocket({
    url: 'ws://portal.test/socket',
    token: 'token-1',
    webSocketFactory: broker.createSocket,
    random: () => 1,
    connectTimeoutMs: 0,
    ...options,
  });
  states = [];
  socket.on('state', ({ state }) => states.push(state));
  socket.start();
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => {
  vi.useFakeTimers();
  broker = new FakeBroker({ checkToken: (t) => (t === 'token-1' ? null : 'TOKEN_ERR_NOT_FOUND') });
});

afterEach(async () => {
  await socket?.stop();
  vi.useRealTimers();
});

describe('connecting', () => {
  it('sends the token and heart-beat 100000,100000 on CONNECT and subscribes with ids 1, 2, 3', async () => {
    start();
    await settle();
    const connect = broker.received.find((f) => f.command === 'CONNECT')!;
    expect(connect.headers.authToken).toBe('token-1');
    expect(connect.headers['heart-beat']).toBe('100000,100000');
    expect(connect.headers['accept-version']).toContain('1.2');
    expect(Object.fromEntries(broker.latest!.subscriptions)).toEqual({
      '/queue/chat-private': '1',
      '/advisorUser/queue/errors': '2',
      '/queue/event-tracking': '3',
    });
    expect(states).toEqual(['connecting', 'connected']);
  });

  it('a refused token ends in `rejected` and is never retried', async () => {
    start({ token: 'stale' });
    await settle();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(states).toEqual(['connecting', 'rejected']);
    expect(broker.sockets).toHaveLength(1);
  });

  it('a kicked token while connected ends in `rejected`', async () => {
    start();
    await settle();
    broker.kick(broker.latest, 'TOKEN_ERR_KICKED');
    await settle();
    await vi.advanceTimersByTimeAsync(120_000);
    expect(states).toEqual(['connecting', 'connected', 'rejected']);
    expect(broker.sockets).toHaveLength(1);
  });
});

describe('messages', () => {
  it('decodes a push of type 2 in a server message of type 3 as a red dot', async () => {
    start();
    await settle();
    const redDots: appsocket.RedDotPush[] = [];
    const messages: number[] = [];
    socket.on('redDot', (p) => redDots.push(p));
    socket.on('message', ({ message }) => messages.push(message.type));
    const push = { type: 3, push: { type: 2, redDot: { key: 'NOTIFICATION', count: 2, notificationId: 9 } } };
    expect(broker.push(CHAT, encodeServerMessage(push))).toBe(1);
    broker.push(CHAT, encodeServerMessage({ type: 3, push: { type: 0, common: { title: 'hello' } } }));
    await settle();
    expect(messages).toEqual([3, 3]);
    expect(redDots.map((p) => [p.key, p.count, p.notificationId])).toEqual([['NOTIFICATION', 2, 9]]);
  });

  it('a listener that throws stops neither the other listeners nor the red dot of that frame', async () => {
    start();
    await settle();
    const redDots: number[] = [];
    socket.on('message', () => {
      throw new Error('a broken message listener');
    });
    socket.on('redDot', (p) => redDots.push(p.count));
    broker.push(
      CHAT,
      encodeServerMessage({ type: 3, push: { type: 2, redDot: { key: 'NOTIFICATION', count: 4 } } }),
    );
    // The listener's error surfaces as an uncaught error on a task of its own.
    await expect(vi.advanceTimersByTimeAsync(0)).rejects.toThrow('a broken message listener');
    expect(redDots).toEqual([4]);
  });

  it('reports errors from the errors queue and bodies it cannot read', async () => {
    start();
    await settle();
    const errors: string[] = [];
    socket.on('error', (e) => errors.push(e.code));
    broker.push(ERRORS, encodeServerMessage({ type: 5, error: { code: 'MALFORMED_BODY', message: 'x' } }));
    broker.push(CHAT, new Uint8Array([0x0a, 0xff, 0xff, 0xff]));
    await settle();
    expect(errors).toEqual(['MALFORMED_BODY', 'UNREADABLE_MESSAGE']);
  });

  it('encodes chat messages and app logs; app logs wait for the connection', async () => {
    start();
    socket.track({ event: 'opened_early' });
    expect(() => socket.sendChat({ clientMsgId: 'c1' })).toThrow(/not connected/);
    await settle();
    socket.sendChat({ clientMsgId: 'c1', receiverChatId: 300_002, items: [{ text: { text: 'hi' } }] });
    socket.track({ event: 'page_view', page: '/notifications' });
    const sends = broker.received.filter((f) => f.command === 'SEND');
    expect(sends.map((f) => [f.headers.destination, f.headers['content-type']])).toEqual([
      [APP_SOCKET_SEND.eventTracking, 'application/x-protobuf'],
      [APP_SOCKET_SEND.chatPrivate, 'application/x-protobuf'],
      [APP_SOCKET_SEND.eventTracking, 'application/x-protobuf'],
    ]);
    const bodies = sends.map((f) => decodeClientMessage(f.body));
    expect(bodies[0]!.appLog?.event).toBe('opened_early');
    expect(bodies[1]!.type).toBe(appsocket.ClientMessageType.USER_CHAT_MESSAGE);
    expect(bodies[1]!.userChat?.items?.[0]?.text?.text).toBe('hi');
  });
});

describe('reconnect', () => {
  it('reconnects after a drop with growing back-off and re-subscribes', async () => {
    start();
    await settle();
    broker.down = true;
    broker.drop();
    await settle();
    expect(states.at(-1)).toBe('waiting');
    await vi.advanceTimersByTimeAsync(999);
    expect(broker.sockets).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(broker.sockets).toHaveLength(2);
    expect(socket.failures).toBe(2);
    await vi.advanceTimersByTimeAsync(1999);
    expect(broker.sockets).toHaveLength(2);
    broker.down = false;
    await vi.advanceTimersByTimeAsync(1);
    expect(broker.sockets).toHaveLength(3);
    expect(socket.state).toBe('connected');
    expect(socket.failures).toBe(0);
    expect(Object.fromEntries(broker.latest!.subscriptions)).toEqual(
      Object.fromEntries(Object.values(APP_SOCKET_SUBSCRIPTIONS).map((s) => [s.destination, s.id])),
    );
  });

  it('a lost heart-beat from the broker drops the connection and reconnects', async () => {
    broker = new FakeBroker({ heartBeat: '1000,1000' });
    start({ heartbeatMs: 1000 });
    await settle();
    await vi.advanceTimersByTimeAsync(3500);
    expect(broker.sockets[0]!.heartBeatsReceived).toBeGreaterThanOrEqual(3);
    expect(states).toContain('waiting');
    await vi.advanceTimersByTimeAsync(1000);
    expect(broker.sockets.length).toBeGreaterThanOrEqual(2);
  });

  it('stop() closes for good: no reconnect afterwards', async () => {
    start();
    await settle();
    await socket.stop();
    broker.drop(broker.sockets[0]);
    await vi.advanceTimersByTimeAsync(120_000);
    expect(states.at(-1)).toBe('stopped');
    expect(broker.sockets).toHaveLength(1);
  });
});

describe('lifecycle and back-off', () => {
  it('throws on an illegal transition', () => {
    const seen: string[] = [];
    const lifecycle = createLifecycle((s) => seen.push(s));
    expect(() => lifecycle.transition('connected')).toThrow(IllegalTransitionError);
    lifecycle.transition('connecting');
    lifecycle.transition('rejected');
    expect(() => lifecycle.transition('connecting')).toThrow(/rejected → connecting/);
    expect(seen).toEqual(['connecting', 'rejected']);
    expect(APP_SOCKET_TRANSITIONS.stopped).toEqual([]);
  });

  it('grows exponentially to a cap, with jitter inside the band', () => {
    const top = (n: number) => backoffDelay(n, DEFAULT_BACKOFF, () => 1);
    expect([1, 2, 3, 4, 7, 20].map(top)).toEqual([1000, 2000, 4000, 8000, 60000, 60000]);
    expect(backoffDelay(3, DEFAULT_BACKOFF, () => 0)).toBe(2000);
  });
});
