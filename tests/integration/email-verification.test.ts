/**
 * E-mail verification (issue 12, spec §2 /verification) of an account made before sign-up
 * confirmed addresses (docs/security.md "Sign-up"; accounts made since are confirmed by their
 * sign-up code, account-sign.test.ts): Dr. Erin asks for a code, which confirms the address once;
 * mails are rate-limited; until then she cannot submit her profile for review. The other seeded
 * demo providers are confirmed. The five tries of a code under concurrency:
 * tests/unit/server/mailed-codes.test.ts.
 */
import { describe, expect, inject, it } from 'vitest';
import { personas, provider } from '../../fixtures';
import { apiClient } from '../support/api';
import { mailedCode, mailsTo, VERIFICATION_CODE } from '../support/mail';
import { submitProfile } from '../support/workspace';

const stack = inject('stack');
const api = apiClient(stack);
const VERIFY = '/user/user/sign/verify/email';
const RESEND = '/user/user/sign/verify/email/send';

interface Info {
  emailVerified: boolean;
}

const info = async (token: string) =>
  (await api.call<Info>('GET', '/consultation/invite/doctor/getInfo', { token })).data;

describe('e-mail verification', () => {
  it('keeps the seeded demo providers confirmed, all but Dr. Erin', async () => {
    for (const p of personas.providers) {
      expect([p.key, (await info(await api.signInAs(p.key))).emailVerified]).toEqual([
        p.key,
        p.key !== 'erin',
      ]);
    }
  });

  it('needs a session', async () => {
    expect((await api.call('POST', VERIFY, { form: { code: '123456' } })).code).toBe('TOKEN_ERR_EMPTY');
    expect((await api.call('POST', RESEND)).code).toBe('TOKEN_ERR_EMPTY');
  });

  it('confirms an unconfirmed address once with a code she asks for, and holds her profile until then', async () => {
    const erin = provider('erin');
    const token = await api.signInAs('erin');
    const refused = await submitProfile(api, token);
    expect([refused.status, refused.code]).toEqual([403, 'EMAIL_NOT_VERIFIED']);

    const sent = await api.call<{ sentTo: string; resendAfterSeconds: number }>('POST', RESEND, { token });
    expect(sent.code).toBe('OK');
    expect(sent.data).toEqual({ sentTo: erin.email, resendAfterSeconds: 60 });
    const code = await mailedCode(stack.dataDir, erin.email, VERIFICATION_CODE);
    // One mail a minute: the next request within it is refused.
    const again = await api.call('POST', RESEND, { token });
    expect([again.status, again.code]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await mailsTo(stack.dataDir, erin.email, VERIFICATION_CODE)).toHaveLength(1);

    const bad = await api.call('POST', VERIFY, {
      token,
      form: { code: code === '000000' ? '111111' : '000000' },
    });
    expect([bad.status, bad.code]).toEqual([400, 'VERIFICATION_CODE_INVALID']);
    const malformed = await api.call('POST', VERIFY, { token, form: { code: '12ab' } });
    expect(malformed.code).toBe('VALIDATION_ERROR');
    expect((await info(token)).emailVerified).toBe(false);

    const ok = await api.call<Info>('POST', VERIFY, { token, form: { code } });
    expect(ok.code).toBe('OK');
    expect(ok.data.emailVerified).toBe(true);
    expect((await info(token)).emailVerified).toBe(true);
    // Confirming again changes nothing; asking for another code is refused.
    expect((await api.call('POST', VERIFY, { token, form: { code } })).code).toBe('OK');
    expect((await api.call('POST', RESEND, { token })).code).toBe('INVALID_STATE');
  });
});
