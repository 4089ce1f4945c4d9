/**
 * Authenticator-app codes (RFC 6238 TOTP with its defaults: HMAC-SHA-1, 6 digits, 30 s steps),
 * computed by `otpauth`. Pure: the clock is a parameter. A code is accepted for the current step
 * or one step either side (RFC 6238 §5.2 "at most one time step" of network delay and clock
 * drift), and only for a step after the last one accepted, so no code works twice (§5.2: "the
 * verifier MUST NOT accept the second attempt of the OTP after the successful validation").
 */
import { timingSafeEqual } from 'node:crypto';
import { HOTP, Secret, TOTP } from 'otpauth';

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_DIGITS = 6;
/** Steps either side of now a code may belong to. */
export const TOTP_WINDOW = 1;
/** 160 bits, RFC 4226 §4's recommended secret length for HMAC-SHA-1. */
const SECRET_BYTES = 20;

/** A new random secret, in base32 as authenticator apps take it typed in. */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The `otpauth://totp/…` URI a QR code carries (Key Uri Format: issuer, account, secret). */
export function totpUri(secret: string, issuer: string, account: string): string {
  return new TOTP({
    issuer,
    label: account,
    secret: Secret.fromBase32(secret),
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
  }).toString();
}

/** The RFC 6238 time step (counter) at `nowMs`. */
export function totpStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);
}

/** The code of one time step (tests compute codes with it, as an app would). */
export function totpCode(secret: string, step: number): string {
  return HOTP.generate({ secret: Secret.fromBase32(secret), digits: TOTP_DIGITS, counter: step });
}

function same(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}

/**
 * The step `code` belongs to, within the window around `nowMs` and after `lastStep` (the last
 * step accepted for this secret, null before the first), or null when the code is not accepted.
 * Every step of the window is compared, in constant time each.
 */
export function acceptedStep(
  secret: string,
  code: string,
  nowMs: number,
  lastStep: number | null,
): number | null {
  const now = totpStep(nowMs);
  let accepted: number | null = null;
  for (let step = now - TOTP_WINDOW; step <= now + TOTP_WINDOW; step++) {
    if (same(totpCode(secret, step), code) && (lastStep === null || step > lastStep)) accepted = step;
  }
  return accepted;
}
