/** Session tokens: random 256-bit values; only their SHA-256 is stored (DESIGN.md §3 "Auth"). */
import { createHash, randomBytes } from 'node:crypto';

export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
