/** Wire §11: ids and JIDs. */
import { describe, expect, it } from 'vitest';
import { createObjectIdGenerator, isObjectId, stanzaId, uuid } from '../../../src/xmpp/addressing/ids';
import {
  bareJid,
  createAddressing,
  dialogIdFromRoomJid,
  isRoomJid,
  resourceOf,
  userIdFromOccupantJid,
} from '../../../src/xmpp/addressing/jids';

describe('ids', () => {
  it('makes 24-hex ObjectIds: seconds first, counter last and increasing', () => {
    const next = createObjectIdGenerator(() => Date.UTC(2026, 0, 1));
    const a = next();
    const b = next();
    expect(isObjectId(a)).toBe(true);
    expect(a.slice(0, 8)).toBe((Date.UTC(2026, 0, 1) / 1000).toString(16));
    expect(a.slice(0, 18)).toBe(b.slice(0, 18));
    expect((parseInt(b.slice(18), 16) - parseInt(a.slice(18), 16) + 0x1000000) % 0x1000000).toBe(1);
    expect(new Set(Array.from({ length: 1000 }, next)).size).toBe(1000);
  });

  it('makes uuid-like iq ids with a suffix', () => {
    expect(uuid()).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(stanzaId('ping')).toMatch(/^[0-9a-f-]{36}:ping$/);
  });
});

describe('JIDs', () => {
  const addressing = createAddressing('localhost', 1001);

  it('turns user ids and dialog ids into JIDs and back', () => {
    expect(addressing.jidOf(100001)).toBe('100001-1001@localhost');
    expect(addressing.jidOf('someone@elsewhere/r')).toBe('someone@elsewhere/r');
    expect(addressing.roomOf('dlg1')).toBe('1001_dlg1@muc.localhost');
    expect(addressing.roomOf('1001_dlg1@muc.localhost/55')).toBe('1001_dlg1@muc.localhost');
    expect(addressing.userIdOf('200001-1001@localhost/x')).toBe(200001);
    expect(dialogIdFromRoomJid('1001_dlg1@muc.localhost/5')).toBe('dlg1');
    expect(dialogIdFromRoomJid('plain@muc.localhost')).toBeNull();
    expect(userIdFromOccupantJid('1001_d@muc.localhost/200003')).toBe(200003);
    expect(userIdFromOccupantJid('1001_d@muc.localhost')).toBeNull();
    expect(bareJid('a@b/c/d')).toBe('a@b');
    expect(resourceOf('a@b/c/d')).toBe('c/d');
    expect(isRoomJid('1001_x@muc.localhost', 'localhost')).toBe(true);
    expect(isRoomJid('1-1001@localhost', 'localhost')).toBe(false);
  });
});
