/**
 * The session signature (hosted-chat-wire.md §3.1): every parameter but `signature`; a scalar
 * gives `name=value`, an object its `name[sub]=value` pairs sorted and joined into one chunk;
 * values raw; chunks sorted as whole strings and `&`-joined; HMAC-SHA1 (or SHA-256) with the auth
 * secret as lowercase hex. WebCrypto (`crypto.subtle`) computes it in browsers and in Node.
 */
export type SignatureHash = 'sha1' | 'sha256';

export function signatureBase(params: Record<string, unknown>): string {
  const chunks: string[] = [];
  for (const [name, value] of Object.entries(params)) {
    if (name === 'signature' || value === undefined || value === null) continue;
    if (typeof value === 'object' && !Array.isArray(value)) {
      chunks.push(
        Object.entries(value as Record<string, unknown>)
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
