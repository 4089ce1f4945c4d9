/**
 * A self-signed X.509 v3 certificate for the loopback names (`TLS=self-signed`, README
 * "Configuration"), written in DER by hand (RFC 5280 §4.1, ITU-T X.690) so that no tool outside
 * Node is needed: an ECDSA P-256 key, `CN=localhost`, subject alternative names `localhost`,
 * `127.0.0.1` and `::1`, for server authentication. Browsers still warn (nobody vouches for it);
 * tests and local clients trust it explicitly or ignore the warning.
 */
import { generateKeyPairSync, randomBytes, sign } from 'node:crypto';

/** A DER element: tag, definite length (X.690 §8.1.3), contents. */
function der(tag: number, ...contents: Buffer[]): Buffer {
  const body = Buffer.concat(contents);
  const length =
    body.length < 0x80
      ? Buffer.from([body.length])
      : body.length < 0x100
        ? Buffer.from([0x81, body.length])
        : Buffer.from([0x82, body.length >> 8, body.length & 0xff]);
  return Buffer.concat([Buffer.from([tag]), length, body]);
}

const sequence = (...items: Buffer[]) => der(0x30, ...items);
const set = (...items: Buffer[]) => der(0x31, ...items);
const octets = (contents: Buffer) => der(0x04, contents);
const utf8 = (text: string) => der(0x0c, Buffer.from(text, 'utf8'));
const bool = (value: boolean) => der(0x01, Buffer.from([value ? 0xff : 0]));

/**
 * A non-negative INTEGER from its big-endian magnitude, in the minimal form DER requires (X.690
 * §8.3.2): no leading zero byte unless the next has its top bit set, which would read as negative.
 * Random serials once kept a zero first byte — one certificate in 256 — and OpenSSL refused them
 * ("illegal padding").
 */
export function integer(magnitude: Buffer): Buffer {
  let start = 0;
  while (start < magnitude.length - 1 && magnitude[start] === 0) start++;
  const digits = magnitude.subarray(start);
  return der(0x02, digits[0]! & 0x80 ? Buffer.concat([Buffer.from([0]), digits]) : digits);
}

function oid(dotted: string): Buffer {
  const [first, second, ...rest] = dotted.split('.').map(Number);
  const bytes = [first! * 40 + second!];
  for (const arc of rest) {
    const groups = [arc & 0x7f];
    for (let value = arc >>> 7; value > 0; value >>>= 7) groups.unshift((value & 0x7f) | 0x80);
    bytes.push(...groups);
  }
  return der(0x06, Buffer.from(bytes));
}

/** UTCTime `YYMMDDHHMMSSZ` for years before 2050, GeneralizedTime after (RFC 5280 §4.1.2.5). */
function time(date: Date): Buffer {
  const stamp = date.toISOString().replace(/[-:T]/g, '').slice(0, 14) + 'Z';
  return date.getUTCFullYear() < 2050
    ? der(0x17, Buffer.from(stamp.slice(2)))
    : der(0x18, Buffer.from(stamp));
}

const ECDSA_WITH_SHA256 = sequence(oid('1.2.840.10045.4.3.2'));
const SUBJECT_ALT_NAME = '2.5.29.17';
const BASIC_CONSTRAINTS = '2.5.29.19';
const KEY_USAGE = '2.5.29.15';
const EXT_KEY_USAGE = '2.5.29.37';
const SERVER_AUTH = '1.3.6.1.5.5.7.3.1';

function ipBytes(address: string): Buffer {
  if (address === '::1') return Buffer.from([...new Array<number>(15).fill(0), 1]);
  return Buffer.from(address.split('.').map(Number));
}

export interface CertificateRequest {
  /** DNS names and IP addresses (IPv4 dotted or `::1`) the certificate covers. */
  dnsNames: string[];
  ipAddresses: string[];
  validDays: number;
  now?: Date;
}

export interface SelfSignedCertificate {
  certPem: string;
  keyPem: string;
}

/** Makes a new key and a certificate for it, signed by itself. */
export function selfSignedCertificate(request: CertificateRequest): SelfSignedCertificate {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const now = request.now ?? new Date();
  // A positive serial of 16 random bytes (RFC 5280 §4.1.2.2: at most 20 octets).
  const serial = integer(randomBytes(16));
  const name = sequence(set(sequence(oid('2.5.4.3'), utf8(request.dnsNames[0] ?? 'localhost'))));
  const altNames = sequence(
    ...request.dnsNames.map((dns) => der(0x82, Buffer.from(dns, 'ascii'))),
    ...request.ipAddresses.map((ip) => der(0x87, ipBytes(ip))),
  );
  const extensions = sequence(
    sequence(oid(SUBJECT_ALT_NAME), octets(altNames)),
    sequence(oid(BASIC_CONSTRAINTS), bool(true), octets(sequence())),
    // digitalSignature (bit 0) only: an ECDHE key exchange signs with it.
    sequence(oid(KEY_USAGE), bool(true), octets(der(0x03, Buffer.from([0x07, 0x80])))),
    sequence(oid(EXT_KEY_USAGE), octets(sequence(oid(SERVER_AUTH)))),
  );
  const tbs = sequence(
    der(0xa0, integer(Buffer.from([2]))),
    serial,
    ECDSA_WITH_SHA256,
    name,
    sequence(
      time(new Date(now.getTime() - 3600_000)),
      time(new Date(now.getTime() + request.validDays * 86_400_000)),
    ),
    name,
    publicKey.export({ type: 'spki', format: 'der' }),
    der(0xa3, extensions),
  );
  const signature = sign('sha256', tbs, privateKey);
  const certificate = sequence(tbs, ECDSA_WITH_SHA256, der(0x03, Buffer.from([0]), signature));
  const body = certificate
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .trim();
  return {
    certPem: `-----BEGIN CERTIFICATE-----\n${body}\n-----END CERTIFICATE-----\n`,
    keyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}
