/**
 * Stanza ids, docs/wire/hosted-chat.md §11: messages carry a 24-hex BSON
 * ObjectId (8 hex Unix seconds, 6 hex machine, 4 hex process, 6 hex counter), which the server
 * uses as the history `_id`; iq and presence ids are `{uuid}:{suffix}`.
 */

/** Random bytes from WebCrypto (present in browsers, secure context or not, and in Node ≥ 19). */
export function randomBytes(length: number): Uint8Array {
  return globalThis.crypto.getRandomValues(new Uint8Array(length));
}

function hex(bytes: Uint8Array): string {
  let out = '';
  for (const byte of bytes) out += byte.toString(16).padStart(2, '0');
  return out;
}

/** A generator of BSON-like ObjectIds; one per client so the counter is monotonic. */
export function createObjectIdGenerator(now: () => number = Date.now): () => string {
  const machineAndProcess = hex(randomBytes(5));
  const start = randomBytes(3);
  let counter = (start[0]! << 16) | (start[1]! << 8) | start[2]!;
  return () => {
    const seconds = Math.floor(now() / 1000) >>> 0;
    counter = (counter + 1) & 0xffffff;
    return seconds.toString(16).padStart(8, '0') + machineAndProcess + counter.toString(16).padStart(6, '0');
  };
}

/** Whether a string is a 24-hex ObjectId. */
export function isObjectId(id: string): boolean {
  return /^[0-9a-f]{24}$/.test(id);
}

/** A v4-like UUID built from WebCrypto bytes (randomUUID needs a secure context). */
export function uuid(): string {
  const b = randomBytes(16);
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const h = hex(b);
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

/** An iq or presence id `{uuid}:{suffix}` (wire §11 suffixes: getRoster, join, ping, …). */
export function stanzaId(suffix: string): string {
  return `${uuid()}:${suffix}`;
}
