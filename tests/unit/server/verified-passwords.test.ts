/**
 * Member chat passwords verified recently (src/server/chat-identity/verified-passwords.ts,
 * docs/security.md "Chat passwords verified recently"): the real scrypt check behind a memory of
 * its own, counted by a wrapper rather than a module mock.
 */
import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../../src/server/auth/passwords';
import { rememberVerifiedPasswords } from '../../../src/server/chat-identity/verified-passwords';

/** A memory in front of the real scrypt check, and how often scrypt ran. */
function counted() {
  const scrypt = { calls: 0 };
  const check = rememberVerifiedPasswords((password, stored) => {
    scrypt.calls += 1;
    return verifyPassword(password, stored);
  });
  return { check, scrypt };
}

describe('member chat passwords verified recently (docs/security.md)', () => {
  it('skip scrypt for the same password of the same user, and only then', async () => {
    const { check, scrypt } = counted();
    const stored = await hashPassword('Bianca-chat-1');
    const t = Date.now();
    expect(await check(7001, 'Bianca-chat-1', stored, t)).toBe(true);
    expect(scrypt.calls).toBe(1);
    expect(await check(7001, 'Bianca-chat-1', stored, t + 1_000)).toBe(true);
    expect(scrypt.calls).toBe(1);
    // A wrong password, another user, or past the time: scrypt decides again.
    expect(await check(7001, 'bianca-chat-1', stored, t + 2_000)).toBe(false);
    expect(await check(7002, 'Bianca-chat-1', stored, t + 2_000)).toBe(true);
    expect(await check(7001, 'Bianca-chat-1', stored, t + 6 * 60_000)).toBe(true);
    expect(scrypt.calls).toBe(4);
  });

  it('never accept a password remembered before the stored hash changed', async () => {
    const { check } = counted();
    const before = await hashPassword('Old-chat-1');
    const after = await hashPassword('New-chat-1');
    const t = Date.now();
    expect(await check(7003, 'Old-chat-1', before, t)).toBe(true);
    expect(await check(7003, 'Old-chat-1', after, t + 1)).toBe(false);
    expect(await check(7003, 'New-chat-1', after, t + 2)).toBe(true);
  });

  it('never remember a failure: a wrong password goes to scrypt every time', async () => {
    const { check, scrypt } = counted();
    const stored = await hashPassword('Clara-chat-1');
    const t = Date.now();
    expect(await check(7004, 'wrong', stored, t)).toBe(false);
    expect(await check(7004, 'wrong', stored, t + 1)).toBe(false);
    expect(scrypt.calls).toBe(2);
  });
});
