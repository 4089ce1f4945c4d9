/**
 * The chat-service session signature (docs/wire/hosted-chat.md §3.1; issue 4 "HMAC-SHA1, or SHA-256
 * when configured"): SHA-1 unless CHAT_SIGNATURE_HASH=sha256, and only the configured one passes.
 */
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../src/server/config';
import { signatureBase } from '../../../src/shared/chat-signature';
import { signatureMatches } from '../../../src/server/qb/signature';

const SECRET = 'portal-dev-auth-secret';
const params = {
  application_id: 1001,
  auth_key: 'portal-dev-auth-key',
  nonce: 42,
  timestamp: 1_700_000_000,
  user: { login: 'member-ava', password: 'ava-chat-2026' },
};
const signed = (hash: 'sha1' | 'sha256') => ({
  ...params,
  signature: createHmac(hash, SECRET).update(signatureBase(params)).digest('hex'),
});

describe('CHAT_SIGNATURE_HASH', () => {
  it('is sha1 by default and sha256 only when configured', () => {
    expect(loadConfig({}).chat.signatureHash).toBe('sha1');
    expect(loadConfig({ CHAT_SIGNATURE_HASH: '' }).chat.signatureHash).toBe('sha1');
    expect(loadConfig({ CHAT_SIGNATURE_HASH: 'sha256' }).chat.signatureHash).toBe('sha256');
    expect(() => loadConfig({ CHAT_SIGNATURE_HASH: 'any' })).toThrow(ConfigError);
    expect(() => loadConfig({ CHAT_SIGNATURE_HASH: 'md5' })).toThrow(ConfigError);
  });
});

describe('signatureMatches', () => {
  it('with sha1, takes a SHA-1 signature and refuses a valid SHA-256 one', () => {
    expect(signatureMatches(signed('sha1'), SECRET, 'sha1')).toBe(true);
    expect(signatureMatches(signed('sha256'), SECRET, 'sha1')).toBe(false);
  });

  it('with sha256, takes a SHA-256 signature and refuses a valid SHA-1 one', () => {
    expect(signatureMatches(signed('sha256'), SECRET, 'sha256')).toBe(true);
    expect(signatureMatches(signed('sha1'), SECRET, 'sha256')).toBe(false);
  });

  it('refuses a tampered parameter, another secret and a non-hex signature', () => {
    expect(signatureMatches({ ...signed('sha1'), nonce: 43 }, SECRET, 'sha1')).toBe(false);
    expect(signatureMatches(signed('sha1'), 'other-secret', 'sha1')).toBe(false);
    expect(signatureMatches({ ...params, signature: 'z'.repeat(40) }, SECRET, 'sha1')).toBe(false);
    expect(signatureMatches(params, SECRET, 'sha1')).toBe(false);
  });
});
