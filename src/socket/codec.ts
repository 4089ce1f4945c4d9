/**
 * Binary bodies of the app socket (spec §3 "App websocket messages (binary-encoded)"): the client
 * encodes `ClientMessage` for every SEND and decodes `ServerMessage` from every MESSAGE, with the
 * code `npm run proto:gen` generates from `proto/`. The client's two directions have modules of
 * their own, the encoders of what it sends and the decoders of what it receives, which is all of
 * the codec a browser loads; the module of every message both ways serves the broker's side
 * (tests, traces) and the types (docs/wire/app-socket.md "Codec").
 */
import $protobuf from 'protobufjs/minimal.js';
import { appsocket } from './generated/app-socket.js';
import { appsocket as receiving } from './generated/client-receive.js';
import { appsocket as sending } from './generated/client-send.js';

// int64 fields decode to numbers, in Node and in the browser alike: every id and epoch time the
// socket carries stays below 2^53 (proto/messages.proto).
$protobuf.util.Long = null as unknown as typeof $protobuf.util.Long;
$protobuf.configure();

export { appsocket };
export type ClientMessageInit = appsocket.ClientMessage.$Properties;
export type ServerMessageInit = appsocket.ServerMessage.$Properties;

/*
 * The client's modules are generated from the same messages as `appsocket`: their classes have the
 * same fields and their enums the same values, so they are typed as the schema's one reading here.
 */
const sendingClientMessage = sending.ClientMessage as unknown as {
  encode(message: ClientMessageInit): $protobuf.Writer;
};
const receivingServerMessage = receiving.ServerMessage as unknown as {
  decode(bytes: Uint8Array): appsocket.ServerMessage;
};
const newRedDotPush = () => new receiving.RedDotPush() as unknown as appsocket.RedDotPush;
/** The enums the client writes and reads, from its own modules. */
export const ClientMessageType = sending.ClientMessageType as unknown as typeof appsocket.ClientMessageType;
export const ServerMessageType = receiving.ServerMessageType as unknown as typeof appsocket.ServerMessageType;
const PushMessageType = receiving.PushMessageType as unknown as typeof appsocket.PushMessageType;

export class CodecError extends Error {
  override name = 'CodecError';
}

export function encodeClientMessage(message: ClientMessageInit): Uint8Array {
  return sendingClientMessage.encode(message).finish();
}

export function decodeClientMessage(bytes: Uint8Array): appsocket.ClientMessage {
  return decodeWith(() => appsocket.ClientMessage.decode(bytes));
}

export function encodeServerMessage(message: ServerMessageInit): Uint8Array {
  return appsocket.ServerMessage.encode(message).finish();
}

export function decodeServerMessage(bytes: Uint8Array): appsocket.ServerMessage {
  return decodeWith(() => receivingServerMessage.decode(bytes));
}

function decodeWith<T>(decode: () => T): T {
  try {
    return decode();
  } catch (error) {
    throw new CodecError(`Not a valid app socket message: ${(error as Error).message}`);
  }
}

/** A push that sets the notification red dot: server type 3 holding push type 2 (spec §4). */
export function redDotPushOf(message: appsocket.ServerMessage): appsocket.RedDotPush | null {
  if (message.type !== ServerMessageType.PUSH || !message.push) return null;
  if (message.push.type !== PushMessageType.RED_DOT) return null;
  // Decoding builds class instances, whose unset fields read as their defaults ('' and 0).
  return (message.push.redDot as appsocket.RedDotPush | null) ?? newRedDotPush();
}
