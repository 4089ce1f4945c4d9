/**
 * The app socket endpoint against the real server (spec §7 "Real-time app socket", STOMP 1.2):
 * CONNECT needs a valid authToken, ended sessions close their sockets, malformed frames are
 * answered on the errors queue and the connection survives, SENDs are handled.
 */
import { afterEach, describe, expect, inject, it } from 'vitest';
import { APP_SOCKET_SEND, APP_SOCKET_SUBSCRIPTIONS } from '../../src/shared/app-socket';
import { appsocket } from '../../src/socket';
import { adminCall, apiClient } from '../support/api';
import {
  connectRaw,
  decoded,
  onQueue,
  openRaw,
  sendClientMessage,
  socketUrl,
  type RawPeer,
} from './app-socket-support';

const stack = inject('stack');
const api = apiClient(stack);
const url = socketUrl(stack.url);
const ERRORS = APP_SOCKET_SUBSCRIPTIONS.errors.destination;
const CHAT = APP_SOCKET_SUBSCRIPTIONS.chatPrivate.destination;
const open: RawPeer[] = [];
const track = (peer: RawPeer) => (open.push(peer), peer);

afterEach(async () => {
  await Promise.all(open.splice(0).map((p) => p.close()));
});

describe('CONNECT', () => {
  it.each([
    ['without a token', null, 'TOKEN_ERR_EMPTY'],
    ['with an unknown token', 'not-a-real-token', 'TOKEN_ERR_NOT_FOUND'],
  ])('%s is refused with an ERROR frame and the socket is closed', async (_, token, code) => {
    const peer = track(await connectRaw(url, token));
    const error = await peer.next((f) => f.command === 'ERROR');
    expect(error.headers.message).toBe(code);
    expect((await peer.closed).code).toBe(1008);
    expect(peer.frames.some((f) => f.command === 'CONNECTED')).toBe(false);
  });

  it('with a valid token is CONNECTED with STOMP 1.2 and heart-beat 100000,100000 (spec §9)', async () => {
    const { token } = await api.signUpFresh('sock');
    const peer = track(await connectRaw(url, token, '100000,100000'));
    const connected = peer.frames.find((f) => f.command === 'CONNECTED')!;
    expect(connected.headers.version).toBe('1.2');
    expect(connected.headers['heart-beat']).toBe('100000,100000');
    expect(peer.isOpen()).toBe(true);
  });

  it('a frame other than CONNECT first is a protocol error', async () => {
    const peer = track(await openRaw(url));
    peer.sendFrame('SUBSCRIBE', { destination: CHAT, id: '1' });
    expect((await peer.next((f) => f.command === 'ERROR')).headers.message).toBe('PROTOCOL_ERROR');
    expect((await peer.closed).code).toBe(1002);
  });
});

describe('ended sessions', () => {
  it('a kicked token gets TOKEN_ERR_KICKED and its socket is closed', async () => {
    const fresh = await api.signUpFresh('kick');
    const peer = track(await connectRaw(url, fresh.token));
    await api.signIn(fresh.email, fresh.password);
    const error = await peer.next((f) => f.command === 'ERROR');
    expect(error.headers.message).toBe('TOKEN_ERR_KICKED');
    expect((await peer.closed).code).toBe(4001);
  });

  it('signing out closes the socket with TOKEN_ERR_LOGOUT', async () => {
    const fresh = await api.signUpFresh('logout');
    const peer = track(await connectRaw(url, fresh.token));
    const out = await api.call('POST', '/user/user/sign/out/doctor', { token: fresh.token });
    expect(out.code).toBe('OK');
    expect((await peer.next((f) => f.command === 'ERROR')).headers.message).toBe('TOKEN_ERR_LOGOUT');
    await peer.closed;
  });

  it("another session's socket of the same provider is not closed by an unrelated session ending", async () => {
    const fresh = await api.signUpFresh('other');
    const peer = track(await connectRaw(url, fresh.token));
    const other = await api.signUpFresh('unrelated');
    await api.call('POST', '/user/user/sign/out/doctor', { token: other.token });
    await new Promise((r) => setTimeout(r, 300));
    expect(peer.isOpen()).toBe(true);
  });
});

describe('malformed frames', () => {
  it('are answered on the errors queue and the connection survives', async () => {
    const { token } = await api.signUpFresh('malformed');
    const peer = track(await connectRaw(url, token));
    peer.sendRaw('SEND\ndestination:/connect/event-tracking\ncontent-length:50\n\nshort\0');
    const first = await peer.next(onQueue(ERRORS));
    expect(first.headers.subscription).toBe('2');
    expect(first.headers.message).toBe('MALFORMED_FRAME');
    const body = decoded(first);
    expect(body.type).toBe(appsocket.ServerMessageType.ERROR);
    expect(body.error?.code).toBe('MALFORMED_FRAME');

    peer.sendFrame(
      'SEND',
      { destination: APP_SOCKET_SEND.chatPrivate, receipt: 'garbage' },
      new Uint8Array([0x0a, 0xff, 0xff, 0xff, 0xff]),
    );
    const second = await peer.next((f) => onQueue(ERRORS)(f) && f.headers['receipt-id'] === 'garbage');
    expect(decoded(second).error?.code).toBe('MALFORMED_BODY');

    peer.sendFrame('BEGIN', { transaction: 't1' });
    peer.sendFrame('SEND', { destination: '/queue/nowhere', receipt: 'nowhere' });
    const third = await peer.next((f) => onQueue(ERRORS)(f) && f.headers['receipt-id'] === 'nowhere');
    expect(decoded(third).error?.code).toBe('UNKNOWN_DESTINATION');
    expect(peer.frames.filter(onQueue(ERRORS)).map((f) => decoded(f).error?.code)).toContain(
      'UNSUPPORTED_COMMAND',
    );

    sendClientMessage(
      peer,
      APP_SOCKET_SEND.eventTracking,
      { type: 1, appLog: { event: 'still_here' } },
      'alive',
    );
    await peer.next((f) => f.command === 'RECEIPT' && f.headers['receipt-id'] === 'alive');
    expect(peer.isOpen()).toBe(true);
    expect(peer.frames.some((f) => f.command === 'ERROR')).toBe(false);
  });
});

describe('event tracking', () => {
  it('stores app logs sent to /connect/event-tracking and refuses nameless ones', async () => {
    const fresh = await api.signUpFresh('tracking');
    const peer = track(await connectRaw(url, fresh.token));
    const log = {
      event: 'page_view',
      page: '/notifications',
      clientTime: Date.now(),
      params: { tab: 'all' },
    };
    sendClientMessage(peer, APP_SOCKET_SEND.eventTracking, { type: 1, appLog: log }, 'stored');
    await peer.next((f) => f.command === 'RECEIPT' && f.headers['receipt-id'] === 'stored');
    sendClientMessage(peer, APP_SOCKET_SEND.eventTracking, { type: 1, appLog: { page: 'x' } }, 'nameless');
    const refused = await peer.next((f) => onQueue(ERRORS)(f) && f.headers['receipt-id'] === 'nameless');
    expect(decoded(refused).error?.code).toBe('INVALID_APP_LOG');
    const stored = await adminCall<Array<{ event: string; page: string; params: Record<string, string> }>>(
      stack.url,
      stack.adminSecret,
      'GET',
      `/app-socket/events?email=${encodeURIComponent(fresh.email)}`,
    );
    expect(stored.data).toEqual([
      expect.objectContaining({ event: 'page_view', page: '/notifications', params: { tab: 'all' } }),
    ]);
  });
});

describe('chat-private', () => {
  it('acknowledges with a status and a server event, delivers to the receiver, and dedupes resends', async () => {
    const alice = await api.signUpFresh('chat-a');
    const bob = await api.signUpFresh('chat-b');
    const a = track(await connectRaw(url, alice.token));
    const b = track(await connectRaw(url, bob.token));
    const chat = {
      clientMsgId: 'm-1',
      clientTime: Date.now(),
      receiverChatId: bob.chatId,
      items: [{ text: { text: 'Hi Bob' } }],
    };
    sendClientMessage(a, APP_SOCKET_SEND.chatPrivate, { type: 2, userChat: chat });
    const delivered = decoded(await b.next(onQueue(CHAT)));
    expect(delivered.type).toBe(appsocket.ServerMessageType.USER_CHAT);
    expect(delivered.userChat).toMatchObject({
      clientMsgId: 'm-1',
      senderChatId: alice.chatId,
      receiverChatId: bob.chatId,
    });
    const ack = decoded(await a.next(onQueue(CHAT)));
    expect(ack.type).toBe(appsocket.ServerMessageType.CHAT_EVENT);
    expect(ack.chatEvent).toMatchObject({
      type: appsocket.ChatEventType.MESSAGE_RECEIVED,
      clientMsgId: 'm-1',
      status: appsocket.ChatMessageStatus.RECEIVED,
    });
    expect(ack.chatEvent?.serverMsgId).toBe(delivered.userChat?.serverMsgId);

    sendClientMessage(a, APP_SOCKET_SEND.chatPrivate, { type: 2, userChat: chat }, 'resend');
    await a.next((f) => f.command === 'RECEIPT' && f.headers['receipt-id'] === 'resend');
    const acks = a.frames.filter(onQueue(CHAT)).map(decoded);
    expect(acks).toHaveLength(2);
    expect(acks[1]!.chatEvent?.serverMsgId).toBe(ack.chatEvent?.serverMsgId);
    expect(b.frames.filter(onQueue(CHAT))).toHaveLength(1);
  });

  it('fails messages to unknown chat users and messages without items', async () => {
    const fresh = await api.signUpFresh('chat-fail');
    const peer = track(await connectRaw(url, fresh.token));
    const item = [{ text: { text: 'x' } }];
    sendClientMessage(peer, APP_SOCKET_SEND.chatPrivate, {
      type: 2,
      userChat: { clientMsgId: 'u', receiverChatId: 999_999_999, items: item },
    });
    sendClientMessage(
      peer,
      APP_SOCKET_SEND.chatPrivate,
      { type: 2, userChat: { clientMsgId: 'e', receiverChatId: 300_000, items: [] } },
      'done',
    );
    await peer.next((f) => f.command === 'RECEIPT' && f.headers['receipt-id'] === 'done');
    const events = peer.frames.filter(onQueue(CHAT)).map((f) => decoded(f).chatEvent);
    expect(events.map((e) => [e?.clientMsgId, e?.type, e?.status])).toEqual([
      ['u', appsocket.ChatEventType.NOT_A_MEMBER, appsocket.ChatMessageStatus.FAIL],
      ['e', appsocket.ChatEventType.FAILED_MESSAGE, appsocket.ChatMessageStatus.FAIL],
    ]);
  });
});
