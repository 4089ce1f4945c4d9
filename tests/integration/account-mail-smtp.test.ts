/** Password-reset mail through `SMTP_URL` (issue 2): sent to a real SMTP conversation, and a mail
 * server that is down changes nothing in the answer. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../support/api';
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
  api = apiClient(stack.url);
});

afterAll(async () => {
  await stack?.stop({ remove: true });
  await sink?.close();
});

describe('reset codes by SMTP', () => {
  it('sends the code to the provider from MAIL_FROM', async () => {
    const fresh = await api.signUpFresh('smtp');
    // Sign-up mails a verification code first (issue 12); the reset code is the mail after it.
    await expect
      .poll(() => sink.messages.some((m) => m.to.includes(fresh.email) && /verification code/.test(m.data)))
      .toBe(true);
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
    const fresh = await api.signUpFresh('smtp-down');
    await expect.poll(() => sink.messages.some((m) => m.to.includes(fresh.email))).toBe(true);
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
