/**
 * STOMP frames of the app socket on the timeline (docs/wire/app-socket.md): command, headers, and
 * the protobuf body decoded through the schema of `proto/` into JSON (ClientMessage for SEND,
 * ServerMessage for MESSAGE); a lone EOL is a heart-beat.
 */
import { appsocket, decodeClientMessage, decodeServerMessage } from '../socket';
import { idsIn } from './text';
import type { TraceInput } from './types';

export interface StompFrame {
  command: string;
  headers: Record<string, string>;
  body: Uint8Array;
}

const decoder = new TextDecoder();
const encoder = new TextEncoder();
type EnumTable = Record<number, string>;
/** Where the schema's enums sit in a decoded message (proto/enums.proto), shown by name. */
const ENUM_FIELDS: Record<string, EnumTable> = {
  'ClientMessage.type': appsocket.ClientMessageType as unknown as EnumTable,
  'ServerMessage.type': appsocket.ServerMessageType as unknown as EnumTable,
  'push.type': appsocket.PushMessageType as unknown as EnumTable,
  'userChat.status': appsocket.ChatMessageStatus as unknown as EnumTable,
  'chatEvent.type': appsocket.ChatEventType as unknown as EnumTable,
  'chatEvent.status': appsocket.ChatMessageStatus as unknown as EnumTable,
};

/** A decoded message as plain JSON (set fields only; the schema's enums by name). */
function toJson(message: object, root: 'ClientMessage' | 'ServerMessage'): unknown {
  const plain = JSON.parse(JSON.stringify(message)) as Record<string, unknown>;
  const name = (table: EnumTable | undefined, value: unknown) =>
    table && typeof value === 'number' ? (table[value] ?? value) : value;
  plain.type = name(ENUM_FIELDS[`${root}.type`], plain.type ?? 0);
  for (const [path, table] of Object.entries(ENUM_FIELDS)) {
    const [parent, field] = path.split('.') as [string, string];
    const inner = plain[parent] as Record<string, unknown> | undefined;
    if (inner && typeof inner === 'object' && field in inner) inner[field] = name(table, inner[field]);
  }
  return plain;
}

function toBytes(frame: string | Uint8Array | ArrayBuffer): Uint8Array {
  if (typeof frame === 'string') return encoder.encode(frame);
  return frame instanceof Uint8Array ? frame : new Uint8Array(frame);
}

/** Splits a frame (STOMP 1.2 §"STOMP Frames"); null for a heart-beat. Throws on a broken frame. */
export function parseStompFrame(bytes: Uint8Array): StompFrame | null {
  let headerEnd = -1;
  for (let i = 0; i + 1 < bytes.length; i++) {
    if (bytes[i] === 10 && bytes[i + 1] === 10) {
      headerEnd = i;
      break;
    }
    if (bytes[i] === 10 && bytes[i + 1] === 13 && bytes[i + 2] === 10) {
      headerEnd = i;
      break;
    }
  }
  const head = decoder.decode(headerEnd < 0 ? bytes : bytes.subarray(0, headerEnd));
  if (head.trim() === '') return null;
  if (headerEnd < 0) throw new Error('A STOMP frame without the blank line after its headers');
  const [command, ...lines] = head.replace(/\r/g, '').split('\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0 && !(line.slice(0, colon) in headers))
      headers[line.slice(0, colon)] = line.slice(colon + 1);
  }
  const start = headerEnd + (bytes[headerEnd + 1] === 13 ? 3 : 2);
  const length = headers['content-length'];
  let end = length !== undefined ? start + Number(length) : bytes.indexOf(0, start);
  if (end < 0 || end > bytes.length) end = bytes.length;
  return { command: command!.trim(), headers, body: bytes.slice(start, end) };
}

function decodeBody(frame: StompFrame): { json?: unknown; error?: string } {
  if (frame.body.length === 0) return {};
  try {
    if (frame.command === 'SEND') return { json: toJson(decodeClientMessage(frame.body), 'ClientMessage') };
    if (frame.command === 'MESSAGE')
      return { json: toJson(decodeServerMessage(frame.body), 'ServerMessage') };
    return { json: decoder.decode(frame.body) };
  } catch (error) {
    return { error: (error as Error).message };
  }
}

function describe(frame: StompFrame, json: unknown): string {
  const parts = [frame.headers.destination ?? ''];
  const message = json as Record<string, Record<string, unknown> | undefined> | undefined;
  if (message && typeof message === 'object') {
    if (message.type) parts.push(String(message.type));
    const redDot = (message.push as { redDot?: Record<string, unknown> } | undefined)?.redDot;
    if (redDot) parts.push(`red dot ${redDot.key ?? ''} = ${redDot.count ?? 0} (${redDot.category ?? ''})`);
    const chat = message.userChat;
    if (chat) parts.push(`${chat.senderChatId ?? 'me'} → ${chat.receiverChatId}`);
    if (message.chatEvent) parts.push(`${message.chatEvent.type} ${message.chatEvent.clientMsgId ?? ''}`);
    if (message.error) parts.push(`${message.error.code}: ${message.error.message}`);
  } else if (typeof json === 'string') parts.push(json.slice(0, 80));
  if (frame.headers.message && frame.command === 'ERROR') parts.push(frame.headers.message);
  return parts.filter(Boolean).join(' · ');
}

export function decodeStomp(
  frame: string | Uint8Array | ArrayBuffer,
  connection: string,
  direction: 'in' | 'out',
  time: number,
): TraceInput {
  const bytes = toBytes(frame);
  const base = { time, connection, channel: 'stomp' as const, direction, size: bytes.length };
  let parsed: StompFrame | null;
  try {
    parsed = parseStompFrame(bytes);
  } catch (error) {
    const text = decoder.decode(bytes);
    return {
      ...base,
      kind: 'stomp/?',
      summary: text.slice(0, 80),
      raw: text,
      namespaces: [],
      jids: [],
      ids: [],
      error: (error as Error).message,
    };
  }
  if (!parsed)
    return {
      ...base,
      kind: 'stomp/heart-beat',
      summary: 'heart-beat',
      raw: '\\n',
      namespaces: [],
      jids: [],
      ids: [],
    };
  const { json, error } = decodeBody(parsed);
  const head = [parsed.command, ...Object.entries(parsed.headers).map(([k, v]) => `${k}:${v}`)].join('\n');
  const shown = json === undefined ? '' : typeof json === 'string' ? json : JSON.stringify(json, null, 2);
  const entry: TraceInput = {
    ...base,
    kind: `stomp/${parsed.command}`,
    summary: describe(parsed, json),
    raw: `${head}\n\n${shown}`,
    namespaces: [],
    jids: [],
    ids: idsIn(shown),
  };
  if (json !== undefined) entry.decoded = { command: parsed.command, headers: parsed.headers, body: json };
  if (error) entry.error = `Body not decodable: ${error}`;
  else if (parsed.command === 'ERROR') entry.error = parsed.headers.message ?? 'ERROR';
  return entry;
}
