import { describe, expect, it } from 'vitest';
import { hashPassword, UNUSABLE_HASH, verifyPassword } from '../../../src/server/auth/passwords';
import { hashToken, newToken } from '../../../src/server/auth/tokens';

describe('scrypt passwords', () => {
  it('verify the right password only, with a fresh salt each time', async () => {
    const a = await hashPassword('Amelia-demo-2026');
    const b = await hashPassword('Amelia-demo-2026');
    expect(a).toMatch(/^scrypt\$16384\$8\$1\$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('Amelia-demo-2026', a)).toBe(true);
    expect(await verifyPassword('amelia-demo-2026', a)).toBe(false);
  });

  it('never verify against the placeholder hash or a malformed one', async () => {
    expect(await verifyPassword('anything', UNUSABLE_HASH)).toBe(false);
    expect(await verifyPassword('anything', 'plain-text')).toBe(false);
  });
});

describe('tokens', () => {
  it('are 256-bit random values stored as SHA-256', () => {
    const token = newToken();
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(newToken()).not.toBe(token);
    expect(hashToken(token)).toMatch(/^[a-f0-9]{64}$/);
    // SHA-256 in hex (FIPS 180-2 test vector): stored token hashes stay comparable.
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});
