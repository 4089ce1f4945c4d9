/**
 * SASL for the chat stream (RFC 6120 §6, wire §12: the best mechanism the server offers, SCRAM-SHA-1
 * before PLAIN). The authentication identity is the JID's node; the password is the chat password
 * or a chat-service session token. SCRAM-SHA-1 follows RFC 5802 over WebCrypto, which browsers and
 * Node both have.
 */

/** Mechanisms we speak, best first. */
export const SASL_MECHANISMS = ['SCRAM-SHA-1', 'PLAIN'] as const;
export type SaslMechanism = (typeof SASL_MECHANISMS)[number];

export interface SaslCredentials {
  /** The JID's node (`{userId}-{appId}`). */
  authcid: string;
  password: string;
}

/**
 * One exchange: the initial response, then an answer to each challenge, then a check of the
 * server's final data (`<success/>`'s text). Every value is the payload, not yet base64.
 */
export interface SaslExchange {
  readonly mechanism: SaslMechanism;
  initial(): string;
  challenge(serverData: string): Promise<string>;
  /** Whether the server proved it knows the password (SCRAM); PLAIN has nothing to check. */
  verify(serverFinal: string): Promise<boolean>;
}

/** The best mechanism both sides speak, or null when there is none. */
export function chooseMechanism(offered: readonly string[]): SaslMechanism | null {
  return SASL_MECHANISMS.find((m) => offered.includes(m)) ?? null;
}

type Bytes = Uint8Array<ArrayBuffer>;

const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** Base64 of text's UTF-8 bytes. */
export function toBase64(text: string): string {
  return bytesToBase64(encoder.encode(text));
}

/** Text from base64 of UTF-8 bytes; throws on a payload that is not base64. */
export function fromBase64(payload: string): string {
  return decoder.decode(base64ToBytes(payload));
}

function bytesToBase64(bytes: Bytes): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function base64ToBytes(payload: string): Bytes {
  const binary = atob(payload.trim());
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** PLAIN (RFC 4616): no authorization identity, so the server uses the authentication one. */
function plain({ authcid, password }: SaslCredentials): SaslExchange {
  return {
    mechanism: 'PLAIN',
    initial: () => `\u0000${authcid}\u0000${password}`,
    challenge: () => Promise.reject(new Error('PLAIN has no challenge')),
    verify: () => Promise.resolve(true),
  };
}

/** RFC 5802 §5.1: `=` and `,` in a name are written `=3D` and `=2C`. */
const saslName = (name: string) => name.replace(/=/g, '=3D').replace(/,/g, '=2C');

/** The attributes of a SCRAM message (`r=…,s=…,i=…`). */
function attributesOf(message: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const part of message.split(',')) {
    const eq = part.indexOf('=');
    if (eq === 1) attributes.set(part[0]!, part.slice(2));
  }
  return attributes;
}

async function hmac(key: Bytes, data: string | Bytes): Promise<Bytes> {
  const imported = await crypto.subtle.importKey('raw', key, { name: 'HMAC', hash: 'SHA-1' }, false, [
    'sign',
  ]);
  const message = typeof data === 'string' ? encoder.encode(data) : data;
  return new Uint8Array(await crypto.subtle.sign('HMAC', imported, message));
}

async function saltedPassword(password: string, salt: Bytes, iterations: number): Promise<Bytes> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(password), 'PBKDF2', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-1', salt, iterations }, key, 160);
  return new Uint8Array(bits);
}

function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(18));
  return bytesToBase64(bytes);
}

/** The fewest iterations we accept (RFC 5802 §5.1 asks for at least 4096; RFC 7677 §4). */
const MIN_ITERATIONS = 4096;

/** SCRAM-SHA-1 (RFC 5802) without channel binding (`n,,`). */
export function scramSha1({ authcid, password }: SaslCredentials, nonce = randomNonce()): SaslExchange {
  const clientFirstBare = `n=${saslName(authcid)},r=${nonce}`;
  let expectedServerSignature: Bytes | null = null;
  return {
    mechanism: 'SCRAM-SHA-1',
    initial: () => `n,,${clientFirstBare}`,
    async challenge(serverFirst) {
      if (expectedServerSignature) throw new Error('SCRAM: a second challenge');
      const attributes = attributesOf(serverFirst);
      const serverNonce = attributes.get('r');
      const salt = attributes.get('s');
      const iterations = Number(attributes.get('i'));
      if (!serverNonce?.startsWith(nonce) || serverNonce === nonce || !salt) {
        throw new Error('SCRAM: the server-first message is not valid');
      }
      if (!Number.isInteger(iterations) || iterations < MIN_ITERATIONS) {
        throw new Error('SCRAM: too few iterations');
      }
      const salted = await saltedPassword(password, base64ToBytes(salt), iterations);
      const clientKey = await hmac(salted, 'Client Key');
      const storedKey = new Uint8Array(await crypto.subtle.digest('SHA-1', clientKey));
      const withoutProof = `c=biws,r=${serverNonce}`;
      const authMessage = `${clientFirstBare},${serverFirst},${withoutProof}`;
      const signature = await hmac(storedKey, authMessage);
      const proof = clientKey.map((byte, i) => byte ^ signature[i]!);
      expectedServerSignature = await hmac(await hmac(salted, 'Server Key'), authMessage);
      return `${withoutProof},p=${bytesToBase64(proof)}`;
    },
    async verify(serverFinal) {
      const verifier = attributesOf(serverFinal).get('v');
      return !!expectedServerSignature && verifier === bytesToBase64(expectedServerSignature);
    },
  };
}

/** The exchange for a mechanism. */
export function saslExchange(mechanism: SaslMechanism, credentials: SaslCredentials): SaslExchange {
  return mechanism === 'PLAIN' ? plain(credentials) : scramSha1(credentials);
}
