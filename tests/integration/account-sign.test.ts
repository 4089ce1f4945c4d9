/** Sign up, sign in, sign out, token errors, rate limits and passwords against the real server. */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { personas, provider } from '../../fixtures';
import { apiClient, freshClientAddress } from '../support/api';
import { mailedCode, mailsTo, RESET_CODE } from '../support/mail';
import { startStack, type TestStack } from '../support/stack';
import type { FieldError } from '../../src/shared/api/envelope';

// A stack of its own, run beside the shared stack's files rather than after them (docs/testing.md
// "How the layers share the machine"): its sign-ins and rate limits need no one else's sessions.
let stack: TestStack;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  stack = await startStack();
  api = apiClient(stack);
});

afterAll(async () => {
  await stack?.stop({ remove: true });
});

/** The newest reset code mailed to `email` after `after` reset mails (sign-up mails its own code). */
function latestResetCode(email: string, after = 0): Promise<string> {
  return mailedCode(stack.dataDir, email, RESET_CODE, after);
}

describe('sign up', () => {
  it('makes the account with the mailed code, signs it in and gives it a chat identity', async () => {
    const email = `new.${Date.now()}@clinic.example`;
    const answer = await api.signUp<{ token: string; userInfo: Record<string, unknown> }>({
      email,
      password: 'Brand-new-2026',
      firstName: 'Nora',
      lastName: 'Quinn',
    });
    expect(answer.status).toBe(200);
    expect(answer.code).toBe('OK');
    expect(answer.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(answer.data.userInfo).toMatchObject({
      email,
      firstName: 'Nora',
      lastName: 'Quinn',
      auditStatus: null,
      timezone: 'Europe/London',
      country: 'GB',
      emailVerified: true,
    });
    expect(answer.data.userInfo.chatId).toBeGreaterThanOrEqual(300000);
    const info = await api.call('GET', '/consultation/invite/doctor/getInfo', { token: answer.data.token });
    expect(info.code).toBe('OK');
  });

  it('refuses invalid fields with their details', async () => {
    const answer = await api.call<{ fields: FieldError[] }>('POST', '/user/user/sign/up/doctor', {
      form: { email: 'not-an-email', password: 'short', firstName: '', lastName: 'X' },
    });
    expect(answer.status).toBe(400);
    expect(answer.code).toBe('VALIDATION_ERROR');
    expect(answer.data.fields.map((f) => f.field).sort()).toEqual(['email', 'firstName', 'password']);
    // Each with the rule it broke beside its message (src/shared/api/field-rules.ts).
    expect(answer.data.fields.map(({ field, rule, limit }) => [field, rule, limit])).toEqual(
      expect.arrayContaining([
        ['email', 'email', undefined],
        ['firstName', 'required', undefined],
        ['password', 'too_short', 8],
      ]),
    );
  });

  it('answers an address already registered, in any case, like a new one (tests/integration/sign-up.test.ts)', async () => {
    const answer = await api.call<{ step: string; sentTo: string }>('POST', '/user/user/sign/up/doctor', {
      form: {
        email: provider('amelia').email.toUpperCase(),
        password: 'Another-2026',
        firstName: 'A',
        lastName: 'B',
      },
      from: freshClientAddress(),
    });
    expect([answer.status, answer.code]).toEqual([200, 'OK']);
    expect(answer.data).toMatchObject({ step: 'CODE_SENT', sentTo: provider('amelia').email });
  });
});

describe('sign in and the token errors of spec §8', () => {
  it('answers the token in data.token for every persona', async () => {
    for (const p of personas.providers) {
      const token = await api.signIn(p.email, p.password);
      const info = await api.call<{ email: string; auditStatus: string | null; chatId: number }>(
        'GET',
        '/consultation/invite/doctor/getInfo',
        { token },
      );
      expect(info.data).toMatchObject({ email: p.email, auditStatus: p.auditStatus, chatId: p.chatId });
    }
  });

  it('refuses a wrong password with one message for unknown and known accounts', async () => {
    const wrong = await api.call('POST', '/user/user/sign/in/doctor', {
      form: { email: provider('bruno').email, password: 'nope-nope-1' },
      from: '10.0.0.1',
    });
    const unknown = await api.call('POST', '/user/user/sign/in/doctor', {
      form: { email: 'nobody@clinic.example', password: 'nope-nope-1' },
      from: '10.0.0.1',
    });
    expect(wrong.status).toBe(401);
    expect(wrong.code).toBe('BAD_CREDENTIALS');
    expect(unknown.message).toBe(wrong.message);
  });

  it('TOKEN_ERR_EMPTY without a token', async () => {
    const answer = await api.call('GET', '/consultation/invite/doctor/getInfo');
    expect([answer.status, answer.code]).toEqual([401, 'TOKEN_ERR_EMPTY']);
  });

  it('TOKEN_ERR_NOT_FOUND for a token that never existed', async () => {
    const answer = await api.call('GET', '/consultation/invite/doctor/getInfo', { token: 'x'.repeat(43) });
    expect([answer.status, answer.code]).toEqual([401, 'TOKEN_ERR_NOT_FOUND']);
  });

  it('TOKEN_ERR_KICKED once the same account signs in elsewhere', async () => {
    const first = await api.signInAs('chiara');
    const second = await api.signInAs('chiara');
    const answer = await api.call('GET', '/consultation/invite/doctor/getInfo', { token: first });
    expect([answer.status, answer.code]).toEqual([401, 'TOKEN_ERR_KICKED']);
    expect(answer.message).toMatch(/signed in somewhere else/);
    expect((await api.call('GET', '/consultation/invite/doctor/getInfo', { token: second })).code).toBe('OK');
  });

  it('TOKEN_ERR_LOGOUT after signing out', async () => {
    const token = await api.signInAs('chiara');
    const out = await api.call('POST', '/user/user/sign/out/doctor', { token });
    expect(out.code).toBe('OK');
    const answer = await api.call('GET', '/consultation/invite/doctor/getInfo', { token });
    expect([answer.status, answer.code]).toEqual([401, 'TOKEN_ERR_LOGOUT']);
    expect((await api.call('POST', '/user/user/sign/out/doctor', { token })).code).toBe('TOKEN_ERR_LOGOUT');
  });
});

describe('rate limits', () => {
  it('limits failed sign-ins per account, whatever the address', async () => {
    const fresh = await api.signUpFresh('limit');
    for (let i = 0; i < 10; i++) {
      const answer = await api.call('POST', '/user/user/sign/in/doctor', {
        form: { email: fresh.email, password: 'wrong-pass-1' },
        from: `10.1.${i}.1`,
      });
      expect(answer.code).toBe('BAD_CREDENTIALS');
    }
    const blocked = await api.call('POST', '/user/user/sign/in/doctor', {
      form: { email: fresh.email, password: fresh.password },
      from: '10.1.99.1',
    });
    expect([blocked.status, blocked.code]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('limits failed sign-ins per address, whatever the account', async () => {
    for (let i = 0; i < 30; i++) {
      await api.call('POST', '/user/user/sign/in/doctor', {
        form: { email: `ghost${i}@clinic.example`, password: 'wrong-pass-1' },
        from: '10.2.0.1',
      });
    }
    const blocked = await api.call('POST', '/user/user/sign/in/doctor', {
      form: { email: provider('bruno').email, password: provider('bruno').password },
      from: '10.2.0.1',
    });
    expect(blocked.code).toBe('RATE_LIMITED');
    const elsewhere = await api.call('POST', '/user/user/sign/in/doctor', {
      form: { email: provider('bruno').email, password: provider('bruno').password },
      from: '10.2.0.2',
    });
    expect(elsewhere.code).toBe('OK');
  });

  it('limits forget-password requests per account and per address', async () => {
    const fresh = await api.signUpFresh('forgetlimit');
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await api.call('POST', '/user/user/sign/forget/password', {
            form: { email: fresh.email },
            from: `10.3.${i}.1`,
          })
        ).code,
      ).toBe('OK');
    }
    expect(
      (
        await api.call('POST', '/user/user/sign/forget/password', {
          form: { email: fresh.email },
          from: '10.3.50.1',
        })
      ).code,
    ).toBe('RATE_LIMITED');
    for (let i = 0; i < 20; i++) {
      await api.call('POST', '/user/user/sign/forget/password', {
        form: { email: `someone${i}@clinic.example` },
        from: '10.4.0.1',
      });
    }
    expect(
      (
        await api.call('POST', '/user/user/sign/forget/password', {
          form: { email: 'another@clinic.example' },
          from: '10.4.0.1',
        })
      ).code,
    ).toBe('RATE_LIMITED');
  });
});

describe('forgotten password', () => {
  let fresh: Awaited<ReturnType<typeof api.signUpFresh>>;
  beforeAll(async () => {
    fresh = await api.signUpFresh('forget');
  });

  it('answers the same for unknown addresses and mails nothing', async () => {
    const answer = await api.call<{ step: string }>('POST', '/user/user/sign/forget/password', {
      form: { email: 'unknown.person@clinic.example' },
      from: '10.5.0.1',
    });
    expect(answer.data.step).toBe('CODE_SENT');
    // Mail goes out after the answer: once a known address's mail has arrived, an unknown one's
    // would have too.
    await api.call('POST', '/user/user/sign/forget/password', {
      form: { email: fresh.email },
      from: '10.5.0.1',
    });
    await latestResetCode(fresh.email);
    const files = await readdir(path.join(stack.dataDir, 'outbox')).catch(() => [] as string[]);
    expect(files.some((f) => f.includes('unknown.person'))).toBe(false);
  });

  it('mails a code that resets the password once and ends every session', async () => {
    const before = await mailsTo(stack.dataDir, fresh.email, RESET_CODE);
    const sent = await api.call<{ step: string }>('POST', '/user/user/sign/forget/password', {
      form: { email: fresh.email },
      from: '10.5.0.2',
    });
    expect(sent.data.step).toBe('CODE_SENT');
    const code = await latestResetCode(fresh.email, before.length);
    const wrongCode = code === '000000' ? '111111' : '000000';
    const wrong = await api.call('POST', '/user/user/sign/forget/password', {
      form: { email: fresh.email, code: wrongCode, password: 'Reset-pass-2026' },
      from: '10.5.0.2',
    });
    expect(wrong.code).toBe('RESET_CODE_INVALID');
    const reset = await api.call<{ step: string }>('POST', '/user/user/sign/forget/password', {
      form: { email: fresh.email, code, password: 'Reset-pass-2026' },
      from: '10.5.0.2',
    });
    expect(reset.data.step).toBe('PASSWORD_RESET');
    expect((await api.call('GET', '/consultation/invite/doctor/getInfo', { token: fresh.token })).code).toBe(
      'TOKEN_ERR_NOT_FOUND',
    );
    const again = await api.call('POST', '/user/user/sign/forget/password', {
      form: { email: fresh.email, code, password: 'Other-pass-2026' },
      from: '10.5.0.2',
    });
    expect(again.code).toBe('RESET_CODE_INVALID');
    await api.signIn(fresh.email, 'Reset-pass-2026');
  });

  it('needs the code and the new password together', async () => {
    const answer = await api.call('POST', '/user/user/sign/forget/password', {
      form: { email: fresh.email, code: '123456' },
      from: '10.5.0.3',
    });
    expect(answer.code).toBe('VALIDATION_ERROR');
  });
});

describe('modify password', () => {
  it('checks the old password and keeps this session', async () => {
    const fresh = await api.signUpFresh('modify');
    const wrong = await api.call<{ fields: FieldError[] }>('POST', '/user/user/sign/modify/doctor/password', {
      token: fresh.token,
      form: { oldPassword: 'not-it-1', password: 'Changed-pass-2026' },
    });
    expect(wrong.code).toBe('VALIDATION_ERROR');
    expect(wrong.data.fields[0]!.field).toBe('oldPassword');
    expect(wrong.data.fields[0]!.rule).toBe('wrong_current_password');
    const weak = await api.call('POST', '/user/user/sign/modify/doctor/password', {
      token: fresh.token,
      form: { oldPassword: fresh.password, password: 'weak' },
    });
    expect(weak.code).toBe('VALIDATION_ERROR');
    const changed = await api.call('POST', '/user/user/sign/modify/doctor/password', {
      token: fresh.token,
      form: { oldPassword: fresh.password, password: 'Changed-pass-2026' },
    });
    expect(changed.code).toBe('OK');
    expect((await api.call('GET', '/consultation/invite/doctor/getInfo', { token: fresh.token })).code).toBe(
      'OK',
    );
    await api.signIn(fresh.email, 'Changed-pass-2026');
  });
});
