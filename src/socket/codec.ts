/**
 * Binary bodies of the app socket (spec §3 "App websocket messages (binary-encoded)"): the client
 * encodes `ClientMessage` for every SEND and decodes `ServerMessage` from every MESSAGE, with the
 * code `npm run proto:gen` generates from `proto/`.
 */
import $protobuf from 'protobufjs/minimal.js';
import { appsocket } from './generated/app-socket.js';

// int64 fields decode to numbers, in Node and in the browser alike: every id and epoch time the
// socket carries stays below 2^53 (proto/messages.proto).
$protobuf.util.Long = null as unknown as typeof $protobuf.util.Long;
$protobuf.configure();

export { appsocket };
export type ClientMessageInit = appsocket.ClientMessage.$Properties;
export type ServerMessageInit = appsocket.ServerMessage.$Properties;

export class CodecError extends Error {
  override name = 'CodecError';
}

export function encodeClientMessage(message: ClientMessageInit): Uint8Array {
  return appsocket.ClientMessage.encode(message).finish();
}

export function decodeClientMessage(bytes: Uint8Array): appsocket.ClientMessage {
  return decodeWith(() => appsocket.ClientMessage.decode(bytes));
}

export function encodeServerMessage(message: ServerMessageInit): Uint8Array {
  return appsocket.ServerMessage.encode(message).finish();
}

export function decodeServerMessage(bytes: Uint8Array): appsocket.ServerMessage {
  return decodeWith(() => appsocket.ServerMessage.decode(bytes));
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
  if (message.type !== appsocket.ServerMessageType.PUSH || !message.push) return null;
  if (message.push.type !== appsocket.PushMessageType.RED_DOT) return null;
  // Decoding builds class instances, whose unset fields read as their defaults ('' and 0).
  return (message.push.redDot as appsocket.RedDotPush | null) ?? new appsocket.RedDotPush();
}
