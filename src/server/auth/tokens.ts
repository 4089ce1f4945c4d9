/** Session tokens: random 256-bit values; only their SHA-256 is stored (docs/architecture.md §3 "Auth"). */
import { hash, randomBytes, timingSafeEqual } from 'node:crypto';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Runs on every authenticated request: the one-shot `hash` (Node ≥ 20.12), no Hash object. */
export function hashToken(token: string): string {
  return hash('sha256', token, 'hex');
}

/** Compares a secret the caller sent with the expected one in constant time. */
export function secretMatches(given: unknown, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
