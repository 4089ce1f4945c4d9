/** Provider info, avatar, consultation counts and cancellation against the real server. */
import { describe, expect, inject, it } from 'vitest';
import { provider } from '../../fixtures';
import { apiClient } from '../support/api';
import { multipartFile, PNG_1X1 } from '../support/images';

const stack = inject('stack');
const api = apiClient(stack);

describe('provider info', () => {
  it('answers the signed-in provider only', async () => {
    const token = await api.signInAs('amelia');
    const info = await api.call<Record<string, unknown>>('GET', '/consultation/invite/doctor/getInfo', {
      token,
    });
    expect(info.data).toMatchObject({
      email: provider('amelia').email,
      name: 'Amelia Hart',
      auditStatus: 'AUDIT_PASSED',
      language: 'en',
    });
  });

  it('updates the given fields, clears emptied optional ones and keeps the rest', async () => {
    const fresh = await api.signUpFresh('update');
    const updated = await api.call<Record<string, unknown>>('POST', '/user/user/doctor/updateDoctorInfo', {
      token: fresh.token,
      form: {
        title: 'Midwife',
        phone: '+44 20 7946 0000',
        language: 'fr',
        timezone: 'Europe/Paris',
        country: 'fr',
      },
    });
    expect(updated.data).toMatchObject({
      title: 'Midwife',
      phone: '+44 20 7946 0000',
      language: 'fr',
      timezone: 'Europe/Paris',
      country: 'FR',
      firstName: 'Fresh',
    });
    const cleared = await api.call<Record<string, unknown>>('POST', '/user/user/doctor/updateDoctorInfo', {
      token: fresh.token,
      form: { phone: '' },
    });
    expect(cleared.data).toMatchObject({ phone: null, title: 'Midwife' });
  });

  it('refuses invalid values field by field', async () => {
    const fresh = await api.signUpFresh('badupdate');
    const answer = await api.call<{ fields: Array<{ field: string }> }>(
      'POST',
      '/user/user/doctor/updateDoctorInfo',
      {
        token: fresh.token,
        form: { timezone: 'Mars/Olympus', language: 'xx', phone: 'call me', country: 'Germany' },
      },
    );
    expect(answer.code).toBe('VALIDATION_ERROR');
    expect(answer.data.fields.map((f) => f.field).sort()).toEqual([
      'country',
      'language',
      'phone',
      'timezone',
    ]);
  });
});

describe('avatar', () => {
  it('stores an image under DATA_DIR/blobs and serves it with its type', async () => {
    const fresh = await api.signUpFresh('avatar');
    const answer = await api.call<{ avatar: string }>('POST', '/user/doctor/updateDoctorAvatar', {
      token: fresh.token,
      body: multipartFile('file', 'me.png', 'image/png', PNG_1X1),
    });
    expect(answer.code).toBe('OK');
    const file = await fetch(`${stack.url}${answer.data.avatar}`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/png');
    expect(file.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await file.arrayBuffer()).equals(PNG_1X1)).toBe(true);
    const info = await api.call<{ avatar: string }>('GET', '/consultation/invite/doctor/getInfo', {
      token: fresh.token,
    });
    expect(info.data.avatar).toBe(answer.data.avatar);

    const second = await api.call<{ avatar: string }>('POST', '/user/doctor/updateDoctorAvatar', {
      token: fresh.token,
      body: multipartFile('file', 'me2.png', 'image/png', PNG_1X1),
    });
    expect((await fetch(`${stack.url}${answer.data.avatar}`)).status).toBe(404);
    expect((await fetch(`${stack.url}${second.data.avatar}`)).status).toBe(200);
  });

  it('refuses a file that is not an image, whatever it claims', async () => {
    const fresh = await api.signUpFresh('notimage');
    const html = new TextEncoder().encode('<script>alert(1)</script>');
    const lying = await api.call('POST', '/user/doctor/updateDoctorAvatar', {
      token: fresh.token,
      body: multipartFile('file', 'x.png', 'image/png', html),
    });
    expect([lying.status, lying.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    const honest = await api.call('POST', '/user/doctor/updateDoctorAvatar', {
      token: fresh.token,
      body: multipartFile('file', 'x.html', 'text/html', html),
    });
    expect(honest.code).toBe('UNSUPPORTED_MEDIA_TYPE');
    const info = await api.call<{ avatar: string | null }>('GET', '/consultation/invite/doctor/getInfo', {
      token: fresh.token,
    });
    expect(info.data.avatar).toBeNull();
  });

  it('refuses a form body, a missing file and a file over 20 MB', async () => {
    const fresh = await api.signUpFresh('bigavatar');
    const form = await api.call('POST', '/user/doctor/updateDoctorAvatar', {
      token: fresh.token,
      form: { file: '' },
    });
    expect([form.status, form.code]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    const none = await api.call('POST', '/user/doctor/updateDoctorAvatar', {
      token: fresh.token,
      body: multipartFile('photo', 'me.png', 'image/png', PNG_1X1),
    });
    expect([none.status, none.code]).toEqual([400, 'VALIDATION_ERROR']);
    const big = new Uint8Array(21 * 1024 * 1024);
    big.set(PNG_1X1);
    const tooBig = await api.call('POST', '/user/doctor/updateDoctorAvatar', {
      token: fresh.token,
      body: multipartFile('file', 'big.png', 'image/png', big),
    });
    expect([tooBig.status, tooBig.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
  });
});

describe('consultation counts and cancellation', () => {
  it('counts nothing for a new provider', async () => {
    const fresh = await api.signUpFresh('counts');
    const counts = await api.call('GET', '/consultation/invite/doctor/having/consultation/counts', {
      token: fresh.token,
    });
    expect(counts.data).toEqual({
      having: 0,
      upcoming: 0,
      inProgress: 0,
      completed: 0,
      cancelled: 0,
      total: 0,
    });
  });

  it('needs the password, then removes personal data and ends the account', async () => {
    const fresh = await api.signUpFresh('cancel');
    const wrong = await api.call('POST', '/user/doctor/cancellation/account', {
      token: fresh.token,
      form: { password: 'not-mine-1' },
    });
    expect(wrong.code).toBe('VALIDATION_ERROR');
    const done = await api.call('POST', '/user/doctor/cancellation/account', {
      token: fresh.token,
      form: { password: fresh.password },
    });
    expect(done.code).toBe('OK');
    expect((await api.call('GET', '/consultation/invite/doctor/getInfo', { token: fresh.token })).code).toBe(
      'TOKEN_ERR_NOT_FOUND',
    );
    const again = await api.call('POST', '/user/user/sign/in/doctor', {
      form: { email: fresh.email, password: fresh.password },
      from: '10.9.0.1',
    });
    expect(again.code).toBe('BAD_CREDENTIALS');
    // The address is free again: a new account can be made with it.
    const reuse = await api.signUp({
      email: fresh.email,
      password: 'Again-pass-2026',
      firstName: 'A',
      lastName: 'B',
    });
    expect(reuse.code).toBe('OK');
  });
});
