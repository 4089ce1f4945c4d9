/**
 * A software passkey for tests in Node, written from WebAuthn L3 itself so that the server's
 * library is checked against code it did not write: an ES256 (P-256) key, `none` attestation,
 * CBOR (RFC 8949) encoded by hand for the few shapes WebAuthn needs. It answers the options the
 * server sends as `navigator.credentials.create()` / `.get()` would, as their `toJSON()` forms,
 * and can be told to lie (another origin, a counter that goes back).
 */
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

type Cbor = number | string | Uint8Array | Cbor[] | Map<number | string, Cbor>;

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length]);
  if (length < 256) return Buffer.from([(major << 5) | 24, length]);
  if (length < 65536) return Buffer.from([(major << 5) | 25, length >> 8, length & 255]);
  const b = Buffer.alloc(5);
  b[0] = (major << 5) | 26;
  b.writeUInt32BE(length, 1);
  return b;
}

/** RFC 8949 §3: unsigned and negative integers, byte and text strings, arrays and maps. */
export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])]);
}

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_AT = 0x40;

export interface CreationOptions {
  challenge: string;
  rp: { id?: string; name: string };
  user: { id: string };
}

export interface RequestOptions {
  challenge: string;
  rpId?: string;
  allowCredentials?: Array<{ id: string }>;
}

export class SoftPasskey {
  readonly id = randomBytes(32);
  readonly #key: KeyObject;
  readonly #publicJwk: { x: string; y: string };
  counter = 0;

  constructor(
    readonly origin: string,
    readonly rpId: string,
  ) {
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    this.#key = privateKey;
    this.#publicJwk = publicKey.export({ format: 'jwk' }) as { x: string; y: string };
  }

  get credentialId(): string {
    return b64url(this.id);
  }

  #clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  #authData(flags: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(this.rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  /** `navigator.credentials.create(options).toJSON()`. */
  create(options: CreationOptions, lie: { origin?: string } = {}) {
    const cose = cbor(
      new Map<number, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(this.#publicJwk.x, 'base64url')],
        [-3, Buffer.from(this.#publicJwk.y, 'base64url')],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.id.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.id, cose]);
    const authData = this.#authData(FLAG_UP | FLAG_UV | FLAG_AT, attested);
    const attestationObject = cbor(
      new Map<string, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(
          this.#clientData('webauthn.create', options.challenge, lie.origin ?? this.origin),
        ),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
    };
  }

  /** `navigator.credentials.get(options).toJSON()`; each answer moves the counter on. */
  get(options: RequestOptions, lie: { origin?: string; counter?: number } = {}) {
    this.counter = lie.counter ?? this.counter + 1;
    const authData = this.#authData(FLAG_UP | FLAG_UV);
    const clientData = this.#clientData('webauthn.get', options.challenge, lie.origin ?? this.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientData)]), this.#key);
    return {
      id: this.credentialId,
      rawId: this.credentialId,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
      },
      clientExtensionResults: {},
    };
  }
}
