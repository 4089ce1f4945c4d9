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
const key = randomBytes(32);

interface Verified {
  storedHash: string;
  mac: Buffer;
  until: number;
}

const verified = new Map<number, Verified>();

const macOf = (chatId: number, password: string) =>
  createHmac('sha256', key).update(`${chatId}:${password}`).digest();

/** `verifyPassword`, answered from memory when this user's same password passed it recently. */
export async function verifyChatPassword(
  chatId: number,
  password: string,
  storedHash: string,
  now = Date.now(),
): Promise<boolean> {
  const mac = macOf(chatId, password);
  const known = verified.get(chatId);
  if (known && known.until > now && known.storedHash === storedHash && timingSafeEqual(known.mac, mac))
    return true;
  if (!(await verifyPassword(password, storedHash))) return false;
  verified.delete(chatId);
  if (verified.size >= MAX_ENTRIES) verified.delete(verified.keys().next().value!);
  verified.set(chatId, { storedHash, mac, until: now + TTL_MS });
  return true;
}
