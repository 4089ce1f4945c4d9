/** Sign-up and password-reset mail through `SMTP_URL` (issue 2): sent to a real SMTP conversation,
 * and a mail server that is down changes nothing in the answer. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient, freshClientAddress } from '../support/api';
import { startSmtpSink, type SmtpSink } from '../support/smtp-sink';
import { startStack, type TestStack } from '../support/stack';

let sink: SmtpSink;
let stack: TestStack;
let api: ReturnType<typeof apiClient>;

beforeAll(async () => {
  sink = await startSmtpSink();
  stack = await startStack({
    env: { SMTP_URL: sink.url, MAIL_FROM: 'Portal <no-reply@portal.test>', PROSODY_BIN: '' },
  });
  api = apiClient(stack);
});

/** Signs up as the portal does, the sign-up code read from the SMTP conversation. */
async function signUpBySmtp(prefix: string) {
  const email = `${prefix}.${Date.now()}@clinic.example`;
  const password = 'Smtp-pass-2026';
  const from = freshClientAddress();
  const mailed = sink.next();
  const started = await api.call<{ signUpId: string }>('POST', '/user/user/sign/up/doctor', {
    form: { email, password, firstName: 'S', lastName: prefix },
    from,
  });
  const mail = await mailed;
  expect(mail.to).toEqual([email]);
  const code = /sign-up code is (\d{6})/.exec(mail.data)![1]!;
  const confirmed = await api.call<{ token: string }>('POST', '/user/user/sign/up/doctor/confirm', {
    form: { signUpId: started.data.signUpId, code },
    from,
  });
  expect(confirmed.code).toBe('OK');
  return { email, password, token: confirmed.data.token };
}

afterAll(async () => {
  await stack?.stop({ remove: true });
  await sink?.close();
});

describe('reset codes by SMTP', () => {
  it('sends the code to the provider from MAIL_FROM', async () => {
    // Sign-up mails its code first (docs/security.md "Sign-up"); the reset code is the mail after it.
    const fresh = await signUpBySmtp('smtp');
    const received = sink.next();
    const answer = await api.call<{ step: string }>('POST', '/user/user/sign/forget/password', {
      form: { email: fresh.email },
      from: '10.9.0.1',
    });
    expect(answer.data.step).toBe('CODE_SENT');
    const mail = await received;
    expect(mail.from).toBe('no-reply@portal.test');
    expect(mail.to).toEqual([fresh.email]);
    const code = /reset code is (\d{6})/.exec(mail.data)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const reset = await api.call<{ step: string }>('POST', '/user/user/sign/forget/password', {
      form: { email: fresh.email, code: code!, password: 'Smtp-reset-2026' },
      from: '10.9.0.1',
    });
    expect(reset.data.step).toBe('PASSWORD_RESET');
  });

  it('answers a known address like an unknown one while the mail server is down', async () => {
    const fresh = await signUpBySmtp('smtp-down');
    await sink.close();
    const known = await api.call<{ step: string }>('POST', '/user/user/sign/forget/password', {
      form: { email: fresh.email },
      from: '10.9.0.2',
    });
    const unknown = await api.call<{ step: string }>('POST', '/user/user/sign/forget/password', {
      form: { email: 'nobody.here@clinic.example' },
      from: '10.9.0.3',
    });
    expect({ status: known.status, code: known.code, message: known.message, data: known.data }).toEqual({
      status: unknown.status,
      code: unknown.code,
      message: unknown.message,
      data: unknown.data,
    });
    expect(known.data.step).toBe('CODE_SENT');
    // The failure is the operator's to see, and the server carries on.
    await expect.poll(() => stack.output(), { timeout: 60_000 }).toContain('password reset code not sent');
    expect((await api.call('GET', '/consultation/invite/doctor/getInfo', { token: fresh.token })).code).toBe(
      'OK',
    );
  });
});
