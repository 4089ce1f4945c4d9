/**
 * Recovery codes (docs/security.md "Second factor"): ten one-time codes of 16 characters from
 * Crockford's base32 (80 random bits each), shown once as `XXXX-XXXX-XXXX-XXXX`. Only a SHA-256
 * of the provider id and the normalised code is kept: with 80 bits of chance a fast hash is as
 * safe as a slow one (as for session tokens), and lookups stay one indexed read. Pure.
 */
import { createHash, randomBytes } from 'node:crypto';

export const RECOVERY_CODE_COUNT = 10;
const CODE_LENGTH = 16;
/** Crockford's base32: no I, L, O or U, so nothing reads as another character. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** One new code, grouped for reading. */
export function newRecoveryCode(): string {
  const bytes = randomBytes(CODE_LENGTH);
  // 256 is a multiple of 32: every byte maps onto the alphabet without bias.
  const chars = [...bytes].map((b) => ALPHABET[b % 32]!).join('');
  return chars.match(/.{4}/g)!.join('-');
}

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
}

/**
 * The code as typed, in its canonical form: case, spaces and dashes do not matter, and the
 * letters Crockford reads as digits (O → 0, I and L → 1) are read so. Null when it cannot be one.
 */
export function normaliseRecoveryCode(typed: string): string | null {
  const plain = typed.toUpperCase().replace(/[\s-]/g, '').replace(/O/g, '0').replace(/[IL]/g, '1');
  if (plain.length !== CODE_LENGTH || [...plain].some((c) => !ALPHABET.includes(c))) return null;
  return plain;
}

/** What is stored of a code: bound to its provider, so equal codes of two providers differ. */
export function recoveryCodeHash(providerId: number, normalised: string): string {
  return createHash('sha256').update(`${providerId}:${normalised}`).digest('hex');
}
