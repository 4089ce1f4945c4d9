/**
 * The server's side of the app socket bodies (spec §3): protobufjs reflection over the same
 * `proto/` files the client's generated code comes from, so the two sides are two independent
 * readings of one schema. int64 values come out as numbers.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type protobuf from 'protobufjs';

const PROTO_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../proto');

let types: { ClientMessage: protobuf.Type; ServerMessage: protobuf.Type } | null = null;

/**
 * The two messages, read from the .proto files on first use: loading protobufjs and parsing the
 * schema was some 4 % of the server's CPU at start (docs/performance.md "Warm start"), for a
 * socket that may not be opened for minutes.
 */
function codecTypes() {
  if (!types) {
    const protobufjs = createRequire(import.meta.url)('protobufjs') as typeof protobuf;
    const root = protobufjs.loadSync(
      ['enums.proto', 'items.proto', 'messages.proto'].map((f) => path.join(PROTO_DIR, f)),
    );
    types = {
      ClientMessage: root.lookupType('appsocket.ClientMessage'),
      ServerMessage: root.lookupType('appsocket.ServerMessage'),
    };
  }
  return types;
}

/** Server message types of proto/enums.proto. */
export const ServerType = { BOT_SAY: 1, USER_CHAT: 2, PUSH: 3, CHAT_EVENT: 4, ERROR: 5 } as const;
export const ClientType = { APP_LOG: 1, USER_CHAT_MESSAGE: 2 } as const;
export const PushType = { COMMON: 0, BOT: 1, RED_DOT: 2 } as const;
export const ChatStatus = { WAIT_FOR_SEND: 0, FAIL: 1, SENT_TO_SERVER: 2, RECEIVED: 3, READ: 4 } as const;
export const ChatEvent = {
  MESSAGE_RECEIVED: 0,
  NOT_A_MEMBER: 1,
  SENSITIVE_WORDS: 2,
  FAILED_MESSAGE: 3,
} as const;

export interface ReplyItem {
  text?: { text?: string };
  image?: { url?: string; width?: number; height?: number; alt?: string };
  line?: { text?: string };
  button?: { text?: string; action?: string; payload?: string };
}

export interface UserChatIn {
  clientMsgId?: string;
  serverMsgId?: string;
  clientTime?: number;
  serverTime?: number;
  senderChatId?: number;
  receiverChatId?: number;
  status?: number;
  items?: ReplyItem[];
}

export interface AppLogIn {
  event?: string;
  page?: string;
  clientTime?: number;
  params?: Record<string, string>;
}

export interface ClientMessageIn {
  type?: number;
  appLog?: AppLogIn;
  userChat?: UserChatIn;
}

export class BodyError extends Error {}

export function decodeClientMessage(body: Uint8Array): ClientMessageIn {
  const { ClientMessage } = codecTypes();
  let decoded: protobuf.Message;
  try {
    decoded = ClientMessage.decode(body);
  } catch (error) {
    throw new BodyError(`The body is not a ClientMessage: ${(error as Error).message}`);
  }
  return ClientMessage.toObject(decoded, {
    longs: Number,
    enums: Number,
    defaults: false,
  }) as ClientMessageIn;
}

/** Encodes a ServerMessage from a plain object in the proto's camelCase field names. */
export function encodeServerMessage(message: Record<string, unknown>): Uint8Array {
  const { ServerMessage } = codecTypes();
  return ServerMessage.encode(ServerMessage.fromObject(message)).finish();
}
