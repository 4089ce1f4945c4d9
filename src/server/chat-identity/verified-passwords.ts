/**
 * Member chat passwords that scrypt verified recently (docs/security.md "Chat passwords verified
 * recently"). An app logs in again with the same password after every cut connection — a stream
 * resumption (XEP-0198 §5) authenticates first — and scrypt costs tens of milliseconds of CPU each
 * time, most of the time to resume. A success is remembered for a few minutes as an HMAC of the
 * password under a key that lives only in this process, tied to the stored hash, so a changed
 * password never matches; failures are never remembered, and the login limits apply before this.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { verifyPassword } from '../auth/passwords';

const TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 10_000;

interface Verified {
  storedHash: string;
  mac: Buffer;
  until: number;
}

/** Checks a password against its stored hash: scrypt (auth/passwords.ts). */
export type PasswordCheck = (password: string, storedHash: string) => Promise<boolean>;

export type ChatPasswordCheck = (
  chatId: number,
  password: string,
  storedHash: string,
  now?: number,
) => Promise<boolean>;

/** `verify`, answered from memory when this user's same password passed it recently. */
export function rememberVerifiedPasswords(verify: PasswordCheck): ChatPasswordCheck {
  const key = randomBytes(32);
  const verified = new Map<number, Verified>();
  const macOf = (chatId: number, password: string) =>
    createHmac('sha256', key).update(`${chatId}:${password}`).digest();

  return async (chatId, password, storedHash, now = Date.now()) => {
    const mac = macOf(chatId, password);
    const known = verified.get(chatId);
    if (known && known.until > now && known.storedHash === storedHash && timingSafeEqual(known.mac, mac))
      return true;
    if (!(await verify(password, storedHash))) return false;
    verified.delete(chatId);
    if (verified.size >= MAX_ENTRIES) verified.delete(verified.keys().next().value!);
    verified.set(chatId, { storedHash, mac, until: now + TTL_MS });
    return true;
  };
}

/** The server's one memory of verified chat passwords, in front of scrypt. */
export const verifyChatPassword = rememberVerifiedPasswords(verifyPassword);
