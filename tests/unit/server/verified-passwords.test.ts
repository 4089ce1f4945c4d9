import { describe, expect, it, vi } from 'vitest';
import * as passwords from '../../../src/server/auth/passwords';
import { verifyChatPassword } from '../../../src/server/chat-identity/verified-passwords';

vi.mock('../../../src/server/auth/passwords', { spy: true });

describe('member chat passwords verified recently (docs/security.md)', () => {
  it('skip scrypt for the same password of the same user, and only then', async () => {
    const stored = await passwords.hashPassword('Bianca-chat-1');
    const scrypt = vi.mocked(passwords.verifyPassword);
    scrypt.mockClear();
    const t = Date.now();
    expect(await verifyChatPassword(7001, 'Bianca-chat-1', stored, t)).toBe(true);
    expect(scrypt).toHaveBeenCalledTimes(1);
    expect(await verifyChatPassword(7001, 'Bianca-chat-1', stored, t + 1_000)).toBe(true);
    expect(scrypt).toHaveBeenCalledTimes(1);
    // A wrong password, another user, or past the time: scrypt decides again.
    expect(await verifyChatPassword(7001, 'bianca-chat-1', stored, t + 2_000)).toBe(false);
    expect(await verifyChatPassword(7002, 'Bianca-chat-1', stored, t + 2_000)).toBe(true);
    expect(await verifyChatPassword(7001, 'Bianca-chat-1', stored, t + 6 * 60_000)).toBe(true);
    expect(scrypt).toHaveBeenCalledTimes(4);
  });

  it('never accept a password remembered before the stored hash changed', async () => {
    const before = await passwords.hashPassword('Old-chat-1');
    const after = await passwords.hashPassword('New-chat-1');
    const t = Date.now();
    expect(await verifyChatPassword(7003, 'Old-chat-1', before, t)).toBe(true);
    expect(await verifyChatPassword(7003, 'Old-chat-1', after, t + 1)).toBe(false);
    expect(await verifyChatPassword(7003, 'New-chat-1', after, t + 2)).toBe(true);
  });
});
