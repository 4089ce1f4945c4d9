/**
 * The session signature of hosted-chat-wire.md §3.1, checked by the server: every parameter but
 * `signature`; a scalar gives `name=value`, an object gives its `name[sub]=value` pairs sorted and
 * `&`-joined into one chunk; values raw (not URL-encoded); the chunks sorted as whole strings and
 * `&`-joined; HMAC-SHA1 (or SHA-256) with the auth secret, lowercase hex.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Params } from './params';

export function signatureBase(params: Params): string {
  const chunks: string[] = [];
  for (const [name, value] of Object.entries(params)) {
    if (name === 'signature' || value === undefined) continue;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) {
      chunks.push(
        Object.entries(value)
          .map(([sub, v]) => `${name}[${sub}]=${String(v)}`)
          .sort()
          .join('&'),
      );
    } else {
      chunks.push(`${name}=${String(value)}`);
    }
  }
  return chunks.sort().join('&');
}

export type SignatureHash = 'sha1' | 'sha256';

export function sign(params: Params, secret: string, hash: SignatureHash): string {
  return createHmac(hash, secret).update(signatureBase(params)).digest('hex');
}

/** Whether `params.signature` is the `hash` HMAC of the parameters (no other hash is tried). */
export function signatureMatches(params: Params, secret: string, hash: SignatureHash): boolean {
  const given = typeof params.signature === 'string' ? params.signature.toLowerCase() : '';
  if (!/^[0-9a-f]+$/.test(given)) return false;
  const expected = Buffer.from(sign(params, secret, hash));
  const actual = Buffer.from(given);
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
