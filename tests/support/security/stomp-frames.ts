/**
 * STOMP frames and protobuf bodies for the app socket fuzzer (docs/wire/app-socket.md): valid
 * SENDs with generated messages, the same bytes mutated or truncated, deeply nested protobuf
 * groups, unknown commands and destinations, broken headers, lengths that lie and huge frames.
 */
import fc from 'fast-check';
import { APP_SOCKET_SEND, APP_SOCKET_SUBSCRIPTIONS } from '../../../src/shared/app-socket';
import { encodeClientMessage } from '../../../src/socket';

export interface StompCase {
  kind: string;
  bytes: Uint8Array;
}

const encoder = new TextEncoder();

function frame(
  command: string,
  headers: Array<[string, string]>,
  body: Uint8Array,
  terminate = true,
): Uint8Array {
  const head = encoder.encode(`${[command, ...headers.map(([k, v]) => `${k}:${v}`)].join('\n')}\n\n`);
  const out = new Uint8Array(head.length + body.length + (terminate ? 1 : 0));
  out.set(head);
  out.set(body, head.length);
  return out;
}

const text = fc.string({ maxLength: 30 });
const int64 = fc.oneof(
  fc.integer(),
  fc.constantFrom(0, -1, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER),
);

/** A ClientMessage as the portal would send it, with values from nowhere in particular. */
const clientMessage = fc.oneof(
  fc.record({
    type: fc.integer({ min: -2, max: 5 }),
    appLog: fc.record({
      event: fc.oneof(text, fc.constant('x'.repeat(70_000))),
      page: text,
      clientTime: int64,
      params: fc.dictionary(text, text, { maxKeys: 4 }),
    }),
  }),
  fc.record({
    type: fc.integer({ min: -2, max: 5 }),
    userChat: fc.record({
      clientMsgId: text,
      clientTime: int64,
      receiverChatId: fc.oneof(int64, fc.constantFrom(100001, 200001)),
      items: fc.array(
        fc.record({ text: fc.record({ text: fc.oneof(text, fc.constant('\u0000'.repeat(10))) }) }),
        {
          maxLength: 3,
        },
      ),
    }),
  }),
);

const protobufBody: fc.Arbitrary<[string, Uint8Array]> = fc.oneof(
  clientMessage.map((m) => ['valid', encodeClientMessage(m as never)] as [string, Uint8Array]),
  fc.tuple(clientMessage, fc.nat(), fc.integer({ min: 0, max: 255 })).map(([m, at, byte]) => {
    const bytes = encodeClientMessage(m as never).slice();
    if (bytes.length) bytes[at % bytes.length] = byte;
    return ['mutated', bytes] as [string, Uint8Array];
  }),
  fc.tuple(clientMessage, fc.nat()).map(([m, cut]) => {
    const bytes = encodeClientMessage(m as never);
    return ['truncated', bytes.slice(0, cut % Math.max(1, bytes.length))] as [string, Uint8Array];
  }),
  fc
    .integer({ min: 100, max: 200_000 })
    .map((n) => ['nested groups', new Uint8Array(n).fill(0x0b)] as [string, Uint8Array]),
  fc
    .integer({ min: 10, max: 5_000 })
    .map(
      (n) =>
        ['nested lengths', Uint8Array.from({ length: n * 2 }, (_, i) => (i % 2 ? 0x7f : 0x12))] as [
          string,
          Uint8Array,
        ],
    ),
  fc.uint8Array({ maxLength: 512 }).map((b) => ['random bytes', b] as [string, Uint8Array]),
);

const destination = fc.constantFrom<string>(
  APP_SOCKET_SEND.chatPrivate,
  APP_SOCKET_SEND.eventTracking,
  APP_SOCKET_SUBSCRIPTIONS.errors.destination,
  '/queue/nowhere',
  '',
  '/connect/../admin',
  'x'.repeat(5000),
);

export const stompCase: fc.Arbitrary<StompCase> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.tuple(destination, protobufBody).map(([d, [kind, body]]) => ({
      kind: `SEND ${kind}`,
      bytes: frame(
        'SEND',
        [
          ['destination', d],
          ['content-type', 'application/x-protobuf'],
          ['content-length', String(body.length)],
        ],
        body,
      ),
    })),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(
        fc.constantFrom(
          'SEND',
          'SUBSCRIBE',
          'UNSUBSCRIBE',
          'ACK',
          'NACK',
          'BEGIN',
          'COMMIT',
          'ABORT',
          'DISCONNECT',
          'CONNECT',
          'STOMP',
          'FOO',
          'send',
          '',
        ),
        fc.array(
          fc.tuple(
            fc.string({ maxLength: 20 }),
            fc.oneof(fc.string({ maxLength: 40 }), fc.constant('v'.repeat(100_000))),
          ),
          {
            maxLength: 6,
          },
        ),
        fc.uint8Array({ maxLength: 64 }),
      )
      .map(([command, headers, body]) => ({
        kind: `command ${command || '(empty)'}`,
        bytes: frame(
          command.replace(/\n/g, ''),
          headers.map(([k, v]) => [k.replace(/[\n:]/g, ''), v.replace(/\n/g, '')]),
          body,
        ),
      })),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(destination, fc.integer({ min: -5, max: 10_000_000 }), fc.uint8Array({ maxLength: 64 }))
      .map(([d, length, body]) => ({
        kind: 'content-length lies',
        bytes: frame(
          'SEND',
          [
            ['destination', d],
            ['content-length', String(length)],
          ],
          body,
          false,
        ),
      })),
  },
  {
    weight: 1,
    arbitrary: fc.uint8Array({ maxLength: 2048 }).map((bytes) => ({ kind: 'binary garbage', bytes })),
  },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 1, max: 4 }).map((mb) => ({
      kind: `${mb} MB body`,
      bytes: frame(
        'SEND',
        [['destination', APP_SOCKET_SEND.eventTracking]],
        new Uint8Array(mb * 1024 * 1024).fill(0x41),
      ),
    })),
  },
  {
    weight: 1,
    arbitrary: fc.integer({ min: 100, max: 3000 }).map((n) => ({
      kind: 'many headers',
      bytes: frame(
        'SEND',
        Array.from({ length: n }, (_, i) => [`h${i}`, 'x'] as [string, string]),
        new Uint8Array(),
      ),
    })),
  },
);
