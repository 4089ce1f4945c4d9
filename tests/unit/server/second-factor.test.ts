/**
 * Issue 27 item 8, the pure parts of the second factor (docs/security.md "Second factor"): which
 * time step an authenticator-app code is accepted for (RFC 6238's window, never a step twice),
 * recovery codes (alphabet, normalisation, hashes bound to the provider), the sealing of app
 * secrets, and the WebAuthn relying party derived from the server's origins.
 */
import { describe, expect, it } from 'vitest';
import { Secret, TOTP } from 'otpauth';
import { loadConfig } from '../../../src/server/config';
import {
  newRecoveryCode,
  newRecoveryCodes,
  normaliseRecoveryCode,
  recoveryCodeHash,
} from '../../../src/server/second-factor/recovery-codes';
import { relyingParty } from '../../../src/server/second-factor/relying-party';
import { seal, sealingKey, unseal } from '../../../src/server/second-factor/sealed-secrets';
import {
  acceptedStep,
  newTotpSecret,
  totpCode,
  totpStep,
  totpUri,
} from '../../../src/server/second-factor/totp';

/** RFC 6238 Appendix B's SHA-1 seed, "12345678901234567890", in base32. */
const RFC_SECRET = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';

describe('authenticator-app codes (RFC 6238)', () => {
  it('computes the RFC’s test vectors (last six digits)', () => {
    // Appendix B: T = 59 s → 94287082, T = 1111111109 → 07081804, T = 20000000000 → 65353130.
    expect(totpCode(RFC_SECRET, totpStep(59_000))).toBe('287082');
    expect(totpCode(RFC_SECRET, totpStep(1_111_111_109_000))).toBe('081804');
    expect(totpCode(RFC_SECRET, totpStep(20_000_000_000_000))).toBe('353130');
  });

  it('accepts the code of this step and one step either side, and no other', () => {
    const now = 1_700_000_015_000;
    const step = totpStep(now);
    for (const offset of [-1, 0, 1]) {
      expect(acceptedStep(RFC_SECRET, totpCode(RFC_SECRET, step + offset), now, null)).toBe(step + offset);
    }
    for (const offset of [-3, -2, 2, 3]) {
      expect(acceptedStep(RFC_SECRET, totpCode(RFC_SECRET, step + offset), now, null)).toBeNull();
    }
  });

  it('never accepts a step at or before the last one accepted (no replay)', () => {
    const now = 1_700_000_015_000;
    const step = totpStep(now);
    const code = totpCode(RFC_SECRET, step);
    expect(acceptedStep(RFC_SECRET, code, now, step - 1)).toBe(step);
    expect(acceptedStep(RFC_SECRET, code, now, step)).toBeNull();
    expect(acceptedStep(RFC_SECRET, totpCode(RFC_SECRET, step - 1), now, step)).toBeNull();
    expect(acceptedStep(RFC_SECRET, totpCode(RFC_SECRET, step + 1), now, step)).toBe(step + 1);
  });

  it('agrees with otpauth’s own TOTP, as an app computes it', () => {
    const secret = newTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const now = Date.now();
    const app = TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: now });
    expect(acceptedStep(secret, app, now, null)).toBe(totpStep(now));
    const uri = new URL(totpUri(secret, 'Provider portal', 'amelia.hart@clinic.example'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Provider portal');
    expect(uri.searchParams.get('period')).toBe('30');
    expect(uri.searchParams.get('digits')).toBe('6');
  });
});

describe('recovery codes', () => {
  it('are ten different 80-bit codes in four groups of Crockford base32', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const code of codes)
      expect(code).toMatch(/^[0-9ABCDEFGHJKMNPQRSTVWXYZ]{4}(-[0-9ABCDEFGHJKMNPQRSTVWXYZ]{4}){3}$/);
  });

  it('read the same however they are typed, and refuse what cannot be a code', () => {
    const code = newRecoveryCode();
    const canonical = code.replace(/-/g, '');
    expect(normaliseRecoveryCode(code)).toBe(canonical);
    expect(normaliseRecoveryCode(` ${code.toLowerCase().replace(/-/g, ' ')} `)).toBe(canonical);
    expect(normaliseRecoveryCode('O1IL-0000-0000-0000')).toBe('0111000000000000');
    expect(normaliseRecoveryCode('ABCD-EFGH')).toBeNull();
    expect(normaliseRecoveryCode('UUUU-UUUU-UUUU-UUUU')).toBeNull();
    expect(normaliseRecoveryCode('ABCD-EFGH-JKMN-PQRS-T')).toBeNull();
  });

  it('are stored as a hash bound to their provider, never as themselves', () => {
    const canonical = normaliseRecoveryCode(newRecoveryCode())!;
    const hash = recoveryCodeHash(7, canonical);
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(hash).not.toContain(canonical.toLowerCase());
    expect(recoveryCodeHash(7, canonical)).toBe(hash);
    expect(recoveryCodeHash(8, canonical)).not.toBe(hash);
  });
});

describe('sealed app secrets', () => {
  it('open only under the key they were sealed with, and not when changed', () => {
    const key = sealingKey('c2VydmVyLXNlY3JldC1mb3ItdGVzdHMtb25seS0wMDAwMDA');
    const sealed = seal(key, RFC_SECRET);
    expect(sealed).not.toContain(RFC_SECRET);
    expect(seal(key, RFC_SECRET)).not.toBe(sealed);
    expect(unseal(key, sealed)).toBe(RFC_SECRET);
    expect(() => unseal(sealingKey('b3RoZXItc2VjcmV0'), sealed)).toThrow();
    const [v, iv, tag, body] = sealed.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0]! ^= 1;
    expect(() => unseal(key, [v, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
  });
});

describe('WebAuthn relying party', () => {
  it('is localhost on loopback (an address is no RP ID), with the loopback origin of the port', () => {
    expect(relyingParty(loadConfig({}), 8080)).toEqual({
      id: 'localhost',
      name: 'Provider portal',
      origins: ['http://localhost:8080'],
    });
    expect(relyingParty(loadConfig({ HOST: '0.0.0.0' }), 9000).origins).toEqual(['http://localhost:9000']);
  });

  it('is the public origin’s host behind a proxy, with the configured origins on that domain only', () => {
    const config = loadConfig({
      PUBLIC_ORIGIN: 'https://portal.example.com',
      ALLOWED_ORIGINS: 'https://eu.portal.example.com,https://other.example',
    });
    expect(relyingParty(config, 8080)).toEqual({
      id: 'portal.example.com',
      name: 'Provider portal',
      origins: ['https://eu.portal.example.com', 'https://portal.example.com'],
    });
  });
});
