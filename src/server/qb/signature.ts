/**
 * The session signature of docs/wire/hosted-chat.md §3.1, checked by the server: HMAC-SHA1 (or SHA-256)
 * with the auth secret, lowercase hex, over the signature base the client signs too.
 */
import { createHmac } from 'node:crypto';
import { secretMatches } from '../auth/tokens';
import { signatureBase, type SignatureHash } from '../../shared/chat-signature';
import type { Params } from './params';

export type { SignatureHash };

export function sign(params: Params, secret: string, hash: SignatureHash): string {
  return createHmac(hash, secret).update(signatureBase(params)).digest('hex');
}

/** Whether `params.signature` is the `hash` HMAC of the parameters (no other hash is tried). */
export function signatureMatches(params: Params, secret: string, hash: SignatureHash): boolean {
  const given = typeof params.signature === 'string' ? params.signature.toLowerCase() : '';
  if (!/^[0-9a-f]+$/.test(given)) return false;
  return secretMatches(given, sign(params, secret, hash));
}
