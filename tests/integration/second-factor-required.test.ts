/**
 * Issue 27 item 8 with `REQUIRE_MFA=1` (docs/security.md "Second factor"), on a stack of its own
 * (no Prosody): a provider without a factor — a seeded one signing in, a new one signing up — is
 * led to enrol one before she gets a session, the enrolment step can do nothing else, and the
 * last factor cannot be removed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provider } from '../../fixtures';
import { apiClient } from '../support/api';
import { appCode, wrongCode } from '../support/second-factor';
import { SoftPasskey, type CreationOptions } from '../support/soft-passkey';
import { startStack, type TestStack } from '../support/stack';

let stack: TestStack;
let api: ReturnType<typeof apiClient>;

interface Step {
  token: string;
  purpose: 'VERIFY' | 'ENROL';
  methods: string[];
  expiresInSeconds: number;
  triesLeft: number;
}

beforeAll(async () => {
  stack = await startStack({ env: { PROSODY_BIN: '', REQUIRE_MFA: '1' } });
  api = apiClient(stack);
});

afterAll(async () => {
  await stack?.stop({ remove: true });
});

describe('REQUIRE_MFA=1', () => {
  it('leads a provider without a factor to enrol one before she has a session', async () => {
    const amelia = provider('amelia');
    const answer = await api.call<{ token?: string; secondStep?: Step }>(
      'POST',
      '/user/user/sign/in/doctor',
      {
        form: { email: amelia.email, password: amelia.password },
      },
    );
    expect(answer.code).toBe('OK');
    expect(answer.data.token).toBeUndefined();
    const step = answer.data.secondStep!;
    expect(step).toMatchObject({ purpose: 'ENROL', methods: ['passkey', 'totp'], triesLeft: 5 });
    expect(step.expiresInSeconds).toBeGreaterThan(500);

    // The enrolment step enrols, and nothing else.
    expect((await api.call('GET', '/consultation/invite/doctor/getInfo', { token: step.token })).code).toBe(
      'TOKEN_ERR_NOT_FOUND',
    );
    expect((await api.call('GET', '/user/doctor/second-factor', { token: step.token })).code).toBe(
      'TOKEN_ERR_NOT_FOUND',
    );
    const early = await api.call('POST', '/user/user/sign/in/doctor/second-step', {
      token: step.token,
      json: { method: 'totp', code: '123456' },
    });
    expect([early.status, early.code]).toEqual([409, 'INVALID_STATE']);

    const started = await api.call<{ secret: string }>('POST', '/user/doctor/second-factor/totp/start', {
      token: step.token,
    });
    expect(started.code).toBe('OK');
    const wrong = await api.call<{ triesLeft: number }>('POST', '/user/doctor/second-factor/totp', {
      token: step.token,
      form: { code: wrongCode(started.data.secret) },
    });
    expect([wrong.code, wrong.data.triesLeft]).toEqual(['SECOND_FACTOR_INVALID', 4]);
    const enrolled = await api.call<{
      recoveryCodes: string[];
      signedIn: { token: string; userInfo: { email: string }; autoLogoffSeconds: number };
      factors: { required: boolean };
    }>('POST', '/user/doctor/second-factor/totp', {
      token: step.token,
      form: { code: appCode(started.data.secret) },
    });
    expect(enrolled.code).toBe('OK');
    expect(enrolled.data.recoveryCodes).toHaveLength(10);
    expect(enrolled.data.factors.required).toBe(true);
    expect(enrolled.data.signedIn.userInfo.email).toBe(amelia.email);
    const session = enrolled.data.signedIn.token;
    expect((await api.call('GET', '/consultation/invite/doctor/getInfo', { token: session })).code).toBe(
      'OK',
    );
    // The step was used up by the enrolment.
    expect(
      (await api.call('POST', '/user/doctor/second-factor/totp/start', { token: step.token })).code,
    ).toBe('TOKEN_ERR_NOT_FOUND');

    // Her next sign-in asks for the factor she has; completing it kicks the session before.
    const next = await api.call<{ secondStep: Step }>('POST', '/user/user/sign/in/doctor', {
      form: { email: amelia.email, password: amelia.password },
    });
    expect(next.data.secondStep).toMatchObject({ purpose: 'VERIFY', methods: ['totp', 'recovery'] });
    const done = await api.call<{ token: string }>('POST', '/user/user/sign/in/doctor/second-step', {
      token: next.data.secondStep.token,
      json: { method: 'totp', code: appCode(started.data.secret, 1) },
    });
    expect(done.code).toBe('OK');
    expect((await api.call('GET', '/consultation/invite/doctor/getInfo', { token: session })).code).toBe(
      'TOKEN_ERR_KICKED',
    );

    // The only factor stays, whatever the proof.
    const removal = await api.call('POST', '/user/doctor/second-factor/remove', {
      token: done.data.token,
      json: { factor: { kind: 'totp' }, proof: { method: 'recovery', code: enrolled.data.recoveryCodes[0] } },
    });
    expect([removal.status, removal.code]).toEqual([409, 'INVALID_STATE']);
    const factors = await api.call<{ totp: unknown }>('GET', '/user/doctor/second-factor', {
      token: done.data.token,
    });
    expect(factors.data.totp).not.toBeNull();
  });

  it('leads a new provider from sign-up to enrolment, here with a passkey', async () => {
    const email = `required.${Date.now()}@clinic.example`;
    // The sign-up's mailed code makes the account (docs/security.md "Sign-up"); its answer is the step.
    const signedUp = await api.signUp<{ token?: string; secondStep?: Step }>({
      email,
      password: 'Required-2026',
      firstName: 'Rita',
      lastName: 'Required',
    });
    expect(signedUp.code).toBe('OK');
    expect(signedUp.data.token).toBeUndefined();
    const step = signedUp.data.secondStep!;
    expect(step.purpose).toBe('ENROL');
    const passkey = new SoftPasskey(`http://localhost:${stack.port}`, 'localhost');
    const options = await api.call<CreationOptions>('POST', '/user/doctor/second-factor/passkey/options', {
      token: step.token,
    });
    expect(options.code).toBe('OK');
    const added = await api.call<{ signedIn: { token: string }; recoveryCodes: string[] }>(
      'POST',
      '/user/doctor/second-factor/passkey',
      { token: step.token, json: { name: 'Laptop', credential: passkey.create(options.data) } },
    );
    expect(added.code).toBe('OK');
    expect(added.data.recoveryCodes).toHaveLength(10);
    expect(
      (await api.call('GET', '/consultation/invite/doctor/getInfo', { token: added.data.signedIn.token }))
        .code,
    ).toBe('OK');
  });
});
