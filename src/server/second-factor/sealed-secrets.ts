/**
 * Authenticator-app secrets are stored sealed (AES-256-GCM, `v1.iv.tag.ciphertext` in base64url),
 * under a key derived with HKDF from the server's secrets (`DATA_DIR/secrets.json`), so that a copy
 * of the database alone holds no usable secret (docs/security.md "Second factor").
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const INFO = 'provider-portal second-factor totp seal v1';

/** The sealing key, from the server secret (a separate purpose of it, by HKDF's `info`). */
export function sealingKey(serverSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', Buffer.from(serverSecret, 'base64url'), Buffer.alloc(0), INFO, 32));
}

export function seal(key: Buffer, plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** The sealed text, or an error when it was not sealed under this key or was changed. */
export function unseal(key: Buffer, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}
