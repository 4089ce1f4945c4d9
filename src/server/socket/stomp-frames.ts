/**
 * STOMP 1.2 frames (https://stomp.github.io/stomp-specification-1.2.html "Augmented BNF"):
 * `command EOL *(header EOL) EOL *OCTET NULL *(EOL)`, where a lone EOL is a heart-beat. Pure
 * functions: bytes in, frames out, and back. Each WebSocket message must carry whole frames; a
 * message that does not is malformed (and answered, not fatal: see socket-session.ts).
 */

export interface StompFrame {
  command: string;
  /** Header names as sent; "If a client or a server receives repeated frame header entries, only
   * the first header entry SHOULD be used as the value of header entry" — first wins here. */
  headers: Record<string, string>;
  body: Uint8Array;
}

export interface ParsedMessage {
  frames: StompFrame[];
  heartBeats: number;
  /** Set when the rest of the message after `frames` could not be read. */
  error: string | null;
}

const LF = 0x0a;
const CR = 0x0d;
const NUL = 0x00;
const decoder = new TextDecoder('utf-8', { fatal: true });
const encoder = new TextEncoder();

/** "CONNECT and CONNECTED frames do not escape the carriage return, line feed or colon octets". */
const unescaped = (command: string) =>
  command === 'CONNECT' || command === 'STOMP' || command === 'CONNECTED';

function unescapeValue(value: string): string {
  return value.replace(/\\(.?)/g, (_, c: string) => {
    const map: Record<string, string> = { r: '\r', n: '\n', c: ':', '\\': '\\' };
    // "Undefined escape sequences such as \t MUST be treated as a fatal protocol error."
    if (!(c in map)) throw new Error(`Undefined escape sequence \\${c} in a header`);
    return map[c]!;
  });
}

function escapeValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/\r/g, '\\r').replace(/\n/g, '\\n').replace(/:/g, '\\c');
}

function readLine(bytes: Uint8Array, from: number): { line: string; next: number } | null {
  const end = bytes.indexOf(LF, from);
  if (end < 0) return null;
  const stop = end > from && bytes[end - 1] === CR ? end - 1 : end;
  return { line: decoder.decode(bytes.subarray(from, stop)), next: end + 1 };
}

function parseFrame(bytes: Uint8Array, start: number): { frame: StompFrame; next: number } {
  const first = readLine(bytes, start);
  if (!first) throw new Error('Frame has no end-of-line after its command');
  const command = first.line;
  if (!/^[A-Z]+$/.test(command)) throw new Error(`Not a STOMP command: "${command.slice(0, 20)}"`);
  const headers: Record<string, string> = {};
  let at = first.next;
  for (;;) {
    const header = readLine(bytes, at);
    if (!header) throw new Error('Frame headers are not terminated by an empty line');
    at = header.next;
    if (header.line === '') break;
    const colon = header.line.indexOf(':');
    if (colon <= 0) throw new Error(`Malformed header line "${header.line.slice(0, 40)}"`);
    const raw = [header.line.slice(0, colon), header.line.slice(colon + 1)];
    const [name, value] = unescaped(command) ? raw : raw.map(unescapeValue);
    if (!(name! in headers)) headers[name!] = value!;
  }
  let bodyEnd: number;
  if (headers['content-length'] !== undefined) {
    const length = Number(headers['content-length']);
    if (!Number.isInteger(length) || length < 0) throw new Error('content-length is not a whole number');
    bodyEnd = at + length;
    if (bodyEnd >= bytes.length || bytes[bodyEnd] !== NUL) {
      throw new Error('Body is not followed by NULL at content-length');
    }
  } else {
    bodyEnd = bytes.indexOf(NUL, at);
    if (bodyEnd < 0) throw new Error('Frame is not terminated by NULL');
  }
  return { frame: { command, headers, body: bytes.slice(at, bodyEnd) }, next: bodyEnd + 1 };
}

/** Reads every frame and heart-beat of one WebSocket message. */
export function parseMessage(data: Uint8Array): ParsedMessage {
  const frames: StompFrame[] = [];
  let heartBeats = 0;
  let at = 0;
  while (at < data.length) {
    if (data[at] === LF || (data[at] === CR && data[at + 1] === LF)) {
      heartBeats += 1;
      at += data[at] === CR ? 2 : 1;
      continue;
    }
    try {
      const { frame, next } = parseFrame(data, at);
      frames.push(frame);
      at = next;
    } catch (error) {
      return { frames, heartBeats, error: (error as Error).message };
    }
  }
  return { frames, heartBeats, error: null };
}

/** Serialises a server frame; bodies always carry `content-length` (they are binary). */
export function serializeFrame(
  command: string,
  headers: Record<string, string>,
  body?: Uint8Array | string,
): Uint8Array {
  const bytes = typeof body === 'string' ? encoder.encode(body) : (body ?? new Uint8Array());
  const lines = [command];
  for (const [name, value] of Object.entries({ ...headers, 'content-length': String(bytes.length) })) {
    lines.push(unescaped(command) ? `${name}:${value}` : `${escapeValue(name)}:${escapeValue(value)}`);
  }
  const head = encoder.encode(`${lines.join('\n')}\n\n`);
  const out = new Uint8Array(head.length + bytes.length + 1);
  out.set(head, 0);
  out.set(bytes, head.length);
  out[out.length - 1] = NUL;
  return out;
}
