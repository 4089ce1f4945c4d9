/**
 * E-mail verification (issue 12, spec §2 /verification): sign-up mails a code, the code confirms
 * the address once, resending is rate-limited, and an unconfirmed provider cannot submit the
 * profile for review. Seeded demo providers are confirmed.
 */
import { describe, expect, inject, it } from 'vitest';
import { apiClient } from '../support/api';
import { mailedCode, mailsTo, VERIFICATION_CODE } from '../support/mail';
import { submitProfile } from '../support/workspace';

const stack = inject('stack');
const api = apiClient(stack.url);
const VERIFY = '/user/user/sign/verify/email';
const RESEND = '/user/user/sign/verify/email/send';

interface Info {
  emailVerified: boolean;
}

const info = async (token: string) =>
  (await api.call<Info>('GET', '/consultation/invite/doctor/getInfo', { token })).data;

describe('e-mail verification', () => {
  it('keeps the seeded demo providers confirmed', async () => {
    for (const key of ['amelia', 'bruno', 'chiara', 'dana']) {
      expect((await info(await api.signInAs(key))).emailVerified).toBe(true);
    }
  });

  it('mails a code at sign-up that confirms the address once', async () => {
    const fresh = await api.signUpFresh('verify');
    expect((await info(fresh.token)).emailVerified).toBe(false);
    const code = await mailedCode(stack.dataDir, fresh.email, VERIFICATION_CODE);

    const bad = await api.call('POST', VERIFY, {
      token: fresh.token,
      form: { code: code === '000000' ? '111111' : '000000' },
    });
    expect(bad.status).toBe(400);
    expect(bad.code).toBe('VERIFICATION_CODE_INVALID');
    const malformed = await api.call('POST', VERIFY, { token: fresh.token, form: { code: '12ab' } });
    expect(malformed.code).toBe('VALIDATION_ERROR');

    const ok = await api.call<Info>('POST', VERIFY, { token: fresh.token, form: { code } });
    expect(ok.code).toBe('OK');
    expect(ok.data.emailVerified).toBe(true);
    expect((await info(fresh.token)).emailVerified).toBe(true);
    // Confirming again changes nothing; asking for another code is refused.
    expect((await api.call('POST', VERIFY, { token: fresh.token, form: { code } })).code).toBe('OK');
    expect((await api.call('POST', RESEND, { token: fresh.token })).code).toBe('INVALID_STATE');
  });

  it('needs a session', async () => {
    expect((await api.call('POST', VERIFY, { form: { code: '123456' } })).code).toBe('TOKEN_ERR_EMPTY');
    expect((await api.call('POST', RESEND)).code).toBe('TOKEN_ERR_EMPTY');
  });

  it('resends a new code, which replaces the old one, at most once a minute', async () => {
    const fresh = await api.signUpFresh('resend');
    const first = await mailedCode(stack.dataDir, fresh.email, VERIFICATION_CODE);
    const sent = await api.call<{ sentTo: string; resendAfterSeconds: number }>('POST', RESEND, {
      token: fresh.token,
    });
    expect(sent.code).toBe('OK');
    expect(sent.data).toEqual({ sentTo: fresh.email, resendAfterSeconds: 60 });
    expect(await mailsTo(stack.dataDir, fresh.email, VERIFICATION_CODE)).toHaveLength(2);
    const second = await mailedCode(stack.dataDir, fresh.email, VERIFICATION_CODE, 1);

    // The limit counts per minute window: a second request in the same window is refused.
    let again = await api.call('POST', RESEND, { token: fresh.token });
    if (again.code === 'OK') again = await api.call('POST', RESEND, { token: fresh.token });
    expect(again.status).toBe(429);
    expect(again.code).toBe('RATE_LIMITED');
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);

    const latest = await mailedCode(stack.dataDir, fresh.email, VERIFICATION_CODE);
    if (first !== latest) {
      const old = await api.call('POST', VERIFY, { token: fresh.token, form: { code: first } });
      expect(old.code).toBe('VERIFICATION_CODE_INVALID');
    }
    expect(second).toMatch(/^\d{6}$/);
    expect((await api.call('POST', VERIFY, { token: fresh.token, form: { code: latest } })).code).toBe('OK');
  });

  it('stops a code after five wrong tries', async () => {
    const fresh = await api.signUpFresh('tries');
    const code = await mailedCode(stack.dataDir, fresh.email, VERIFICATION_CODE);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      await api.call('POST', VERIFY, { token: fresh.token, form: { code: wrong } });
    }
    const right = await api.call('POST', VERIFY, { token: fresh.token, form: { code } });
    expect(right.code).toBe('VERIFICATION_CODE_INVALID');
  });

  it('holds the five tries when wrong codes arrive all at once', async () => {
    const fresh = await api.signUpFresh('tries-at-once');
    const code = await mailedCode(stack.dataDir, fresh.email, VERIFICATION_CODE);
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        api.call('POST', VERIFY, { token: fresh.token, form: { code: wrong } }),
      ),
    );
    expect(answers.map((a) => a.code)).toEqual(Array(10).fill('VERIFICATION_CODE_INVALID'));
    const right = await api.call('POST', VERIFY, { token: fresh.token, form: { code } });
    expect(right.code).toBe('VERIFICATION_CODE_INVALID');
    expect((await info(fresh.token)).emailVerified).toBe(false);
  });

  it('refuses the profile submission until the address is confirmed', async () => {
    const fresh = await api.signUpFresh('unverified');
    const refused = await submitProfile(api, fresh.token);
    expect(refused.status).toBe(403);
    expect(refused.code).toBe('EMAIL_NOT_VERIFIED');
    const audit = await api.call<{ auditStatus: string | null }>(
      'GET',
      '/consultation/invite/consultation/info/audit/getInfo',
      { token: fresh.token },
    );
    expect(audit.data.auditStatus).toBeNull();

    const code = await mailedCode(stack.dataDir, fresh.email, VERIFICATION_CODE);
    await api.call('POST', VERIFY, { token: fresh.token, form: { code } });
    const accepted = await submitProfile(api, fresh.token);
    expect(accepted.code).toBe('OK');
    expect(accepted.data.auditStatus).toBe('NEED_AUDIT');
  });
});
