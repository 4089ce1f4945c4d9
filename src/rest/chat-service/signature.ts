/**
 * The session signature (docs/wire/hosted-chat.md §3.1): HMAC-SHA1 (or SHA-256) with the auth secret,
 * as lowercase hex, over the shared signature base. WebCrypto (`crypto.subtle`) computes it in
 * browsers and in Node.
 */
import { signatureBase, type SignatureHash } from '../../shared/chat-signature';

export { signatureBase, type SignatureHash };

export async function hmacHex(secret: string, text: string, hash: SignatureHash): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: hash === 'sha256' ? 'SHA-256' : 'SHA-1' },
    false,
    ['sign'],
  );
  const mac = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(text)));
  return Array.from(mac, (b) => b.toString(16).padStart(2, '0')).join('');
}

export function signSession(params: Record<string, unknown>, secret: string, hash: SignatureHash = 'sha1') {
  return hmacHex(secret, signatureBase(params), hash);
}
