/**
 * Codec round trip for every message of proto/ (spec §3 "App websocket messages"): each sample is
 * encoded with the generated code, decoded by it and by protobufjs reflection over the .proto
 * files themselves, so a stale generation or a message without a sample fails here.
 */
import path from 'node:path';
import protobuf from 'protobufjs';
import { describe, expect, it } from 'vitest';
import { appsocket, decodeServerMessage, encodeClientMessage, redDotPushOf } from '../../src/socket';
import { appsocket as receiving } from '../../src/socket/generated/client-receive';
import { appsocket as sending } from '../../src/socket/generated/client-send';
import { ROOT } from '../support/stack';

const text = { text: 'Good morning' };
const image = { url: 'https://cdn.example/a.png', width: 640, height: 480, alt: 'scan' };
const botItems = [
  { text },
  { image },
  { charts: { title: 'Cycle 6', chartKind: 'bbt', link: '/reports/daily-chart?id=6' } },
  {
    tests: {
      title: 'LH',
      results: [{ name: 'LH', value: 'peak', takenAt: 1_760_000_000_000, imageUrl: 'x' }],
    },
  },
  { video: { title: 'Egg freezing', url: 'https://v.example/1', coverUrl: 'c', durationSeconds: 300 } },
  { blog: { id: 12, title: 'Luteal phase', summary: 's', coverUrl: 'c', url: 'u' } },
  { communityPost: { id: 99, author: 'Ines', title: 'Week 6', excerpt: 'e', url: 'u' } },
  { product: { id: 7, name: 'Ovulation kit', price: '19.90', currency: 'USD', imageUrl: 'i', url: 'u' } },
  { membershipPopup: { title: 'Premium', body: 'b', buttonText: 'Join', url: 'u' } },
];
const replyItems = [
  { text },
  { image },
  { line: { text: 'Yesterday' } },
  { button: { text: 'Book', action: 'BOOK', payload: '{"slot":3}' } },
];
const botSay = { sayId: 'say-1', botName: 'Ava', items: botItems, serverTime: 1_760_000_000_123 };
const userChat = {
  clientMsgId: 'c-1',
  serverMsgId: 's-1',
  clientTime: 1_760_000_000_000,
  serverTime: 1_760_000_000_050,
  senderChatId: 300_001,
  receiverChatId: 300_002,
  status: appsocket.ChatMessageStatus.READ,
  items: replyItems,
};
const chatEvent = {
  type: appsocket.ChatEventType.SENSITIVE_WORDS,
  clientMsgId: 'c-1',
  serverMsgId: 's-1',
  status: appsocket.ChatMessageStatus.FAIL,
  serverTime: 1_760_000_000_060,
  reason: 'blocked word',
};
const redDot = {
  key: 'NOTIFICATION',
  count: 4,
  notificationId: 41,
  category: 'REVIEW',
  title: 'Profile approved',
  body: 'b',
  createdAt: 1_760_000_000_070,
};
const appLog = { event: 'page_view', page: '/notifications', clientTime: 1, params: { tab: 'all' } };
const error = { code: 'MALFORMED_BODY', message: 'm', destination: '/connect/chat-private' };

/** One sample per message type of proto/, keyed by its name. */
const SAMPLES: Record<string, Record<string, unknown>> = {
  TextItem: text,
  ImageItem: image,
  ChartsItem: botItems[2]!.charts!,
  TestResult: botItems[3]!.tests!.results[0]!,
  TestsItem: botItems[3]!.tests!,
  VideoItem: botItems[4]!.video!,
  BlogItem: botItems[5]!.blog!,
  CommunityPostItem: botItems[6]!.communityPost!,
  ProductItem: botItems[7]!.product!,
  MembershipPopupItem: botItems[8]!.membershipPopup!,
  BotSayItem: botItems[6]!,
  LineItem: replyItems[2]!.line!,
  ButtonItem: replyItems[3]!.button!,
  UserReplyItem: replyItems[3]!,
  AppLog: appLog,
  BotSay: botSay,
  UserChat: userChat,
  ChatServerEvent: chatEvent,
  CommonPush: { title: 'Maintenance', body: 'Tonight', link: '/settings' },
  RedDotPush: redDot,
  PushMessage: { type: appsocket.PushMessageType.BOT, bot: botSay },
  SocketError: error,
  ClientMessage: { type: appsocket.ClientMessageType.USER_CHAT_MESSAGE, userChat },
  ServerMessage: {
    type: appsocket.ServerMessageType.PUSH,
    messageId: 'm-1',
    serverTime: 5,
    push: { type: appsocket.PushMessageType.RED_DOT, redDot },
  },
};

interface GeneratedType {
  encode(m: unknown): { finish(): Uint8Array };
  decode(b: Uint8Array): object;
}

const reflection = protobuf.loadSync(
  ['enums.proto', 'items.proto', 'messages.proto'].map((f) => path.join(ROOT, 'proto', f)),
);
const messageNames = Object.values(reflection.lookup('appsocket') as protobuf.Namespace)
  .filter((t): t is protobuf.Type => t instanceof protobuf.Type)
  .map((t) => t.name);

const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;

describe('app socket codec', () => {
  it('has a sample for every message of proto/', () => {
    expect(messageNames.sort()).toEqual(Object.keys(SAMPLES).sort());
  });

  it.each(Object.keys(SAMPLES))('%s round-trips through the generated code and the .proto', (name) => {
    const generated = (appsocket as unknown as Record<string, GeneratedType>)[name]!;
    const sample = SAMPLES[name]!;
    const bytes = generated.encode(sample).finish();
    expect(plain(generated.decode(bytes))).toEqual(plain(sample));
    const type = reflection.lookupType(`appsocket.${name}`);
    const viaProto = type.toObject(type.decode(bytes), { longs: Number, defaults: false });
    expect(plain(viaProto)).toEqual(plain(sample));
    expect(type.encode(type.fromObject(sample)).finish()).toEqual(bytes);
  });

  it('numbers the spec enums from 0 in the spec order (spec §3, §4)', () => {
    expect(appsocket.ChatMessageStatus).toMatchObject({
      WAIT_FOR_SEND: 0,
      FAIL: 1,
      SENT_TO_SERVER: 2,
      RECEIVED: 3,
      READ: 4,
    });
    expect(appsocket.ChatEventType).toMatchObject({
      MESSAGE_RECEIVED: 0,
      NOT_A_MEMBER: 1,
      SENSITIVE_WORDS: 2,
      FAILED_MESSAGE: 3,
    });
    expect(appsocket.PushMessageType).toMatchObject({ COMMON: 0, BOT: 1, RED_DOT: 2 });
    expect(appsocket.ServerMessageType.PUSH).toBe(3);
  });

  it('finds the red dot only in a push of type 2 inside a server message of type 3', () => {
    const bytes = appsocket.ServerMessage.encode(SAMPLES.ServerMessage!).finish();
    expect(redDotPushOf(decodeServerMessage(bytes))?.notificationId).toBe(41);
    const common = { type: 3, push: { type: 0, common: { title: 't' } } };
    expect(redDotPushOf(decodeServerMessage(appsocket.ServerMessage.encode(common).finish()))).toBeNull();
    const chat = { type: 2, userChat };
    expect(redDotPushOf(decodeServerMessage(appsocket.ServerMessage.encode(chat).finish()))).toBeNull();
  });

  it("encodes and decodes the client's two directions with its own modules as the schema's code does", () => {
    const clientMessages = [
      SAMPLES.ClientMessage!,
      { type: appsocket.ClientMessageType.APP_LOG, appLog },
      { type: appsocket.ClientMessageType.USER_CHAT_MESSAGE, userChat: { ...userChat, items: [] } },
    ];
    for (const message of clientMessages)
      expect(encodeClientMessage(message)).toEqual(appsocket.ClientMessage.encode(message).finish());
    const serverMessages = [
      SAMPLES.ServerMessage!,
      { type: appsocket.ServerMessageType.BOT_SAY, messageId: 'm-2', botSay },
      { type: appsocket.ServerMessageType.USER_CHAT, userChat },
      { type: appsocket.ServerMessageType.PUSH, push: { type: appsocket.PushMessageType.BOT, bot: botSay } },
      { type: appsocket.ServerMessageType.CHAT_EVENT, chatEvent },
      { type: appsocket.ServerMessageType.ERROR, error },
    ];
    for (const message of serverMessages) {
      const bytes = appsocket.ServerMessage.encode(message).finish();
      expect(plain(decodeServerMessage(bytes))).toEqual(plain(appsocket.ServerMessage.decode(bytes)));
    }
    // Each client module holds one direction only: that is what keeps the browser's codec small.
    expect('decode' in sending.ClientMessage).toBe(false);
    expect('encode' in receiving.ServerMessage).toBe(false);
    expect('ServerMessage' in sending).toBe(false);
  });

  it('rejects bytes that are not a server message', () => {
    expect(() => decodeServerMessage(new Uint8Array([0x0a, 0xff, 0xff, 0xff]))).toThrow(/Not a valid/);
  });
});
