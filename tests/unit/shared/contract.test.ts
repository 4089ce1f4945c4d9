import { describe, expect, it } from 'vitest';
import { forgetPassword, signUp, updateDoctorInfo } from '../../../src/shared/api/account';
import { fillPath } from '../../../src/shared/api/endpoint';
import { IdList, TimeZone } from '../../../src/shared/api/fields';
import {
  chatIdFromJid,
  dialogOfRoomJid,
  parseChatNode,
  roomJid,
  userJid,
} from '../../../src/shared/chat-address';

describe('form fields', () => {
  it('read id lists as "1,2", repeated fields or arrays', () => {
    expect(IdList.parse('1, 2,3')).toEqual([1, 2, 3]);
    expect(IdList.parse(['4', 5])).toEqual([4, 5]);
    expect(IdList.safeParse('').success).toBe(false);
    expect(IdList.safeParse('1,x').success).toBe(false);
  });

  it('accept IANA time zones only', () => {
    expect(TimeZone.safeParse('Europe/Rome').success).toBe(true);
    expect(TimeZone.safeParse('Mars/Olympus').success).toBe(false);
  });

  it('sign-up lower-cases the email and enforces the password rule', () => {
    const ok = signUp.body.parse({
      email: ' Ada@Clinic.Example ',
      password: 'Abcdefg1',
      firstName: 'Ada',
      lastName: 'L',
    });
    expect(ok.email).toBe('ada@clinic.example');
    expect(
      signUp.body.safeParse({ email: 'a@b.co', password: 'abcdefgh', firstName: 'A', lastName: 'B' }).success,
    ).toBe(false);
  });

  it('forget-password needs the code and the new password together', () => {
    expect(forgetPassword.body.safeParse({ email: 'a@b.co' }).success).toBe(true);
    expect(forgetPassword.body.safeParse({ email: 'a@b.co', code: '123456' }).success).toBe(false);
    expect(
      forgetPassword.body.safeParse({ email: 'a@b.co', code: '12345', password: 'Abcdefg1' }).success,
    ).toBe(false);
  });

  it('update accepts an empty country to clear it and upper-cases a code', () => {
    expect(updateDoctorInfo.body.parse({ country: 'de' }).country).toBe('DE');
    expect(updateDoctorInfo.body.parse({ country: '' }).country).toBe('');
  });
});

describe('paths and chat addresses', () => {
  it('fills path parameters and refuses a missing one', () => {
    expect(fillPath('/user/protocol/isDoctorPopupUserProtocolMsg/{userId}', { userId: 7 })).toBe(
      '/user/protocol/isDoctorPopupUserProtocolMsg/7',
    );
    expect(() => fillPath('/a/{id}', {})).toThrow(/Missing path parameter id/);
  });

  it('build and read JIDs as the hosted service does (wire §11)', () => {
    expect(userJid(100001, 1001, 'localhost')).toBe('100001-1001@localhost');
    expect(roomJid('abc', 1001, 'localhost')).toBe('1001_abc@muc.localhost');
    expect(chatIdFromJid('200001-1001@localhost/web')).toBe(200001);
    expect(chatIdFromJid('nobody@localhost')).toBeNull();
    expect(parseChatNode('200001-1001')).toEqual({ chatId: 200001, appId: 1001 });
    expect(parseChatNode('200001')).toBeNull();
    expect(dialogOfRoomJid('1001_abc@muc.localhost', 1001, 'localhost')).toBe('abc');
    expect(dialogOfRoomJid('1001_abc@muc.localhost/200001', 1001, 'localhost')).toBe('abc');
    expect(dialogOfRoomJid('1002_abc@muc.localhost', 1001, 'localhost')).toBeNull();
    expect(dialogOfRoomJid('1001_abc@localhost', 1001, 'localhost')).toBeNull();
  });
});
