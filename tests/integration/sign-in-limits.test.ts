/**
 * Issue 10 finding 5 and the mail and session limits (docs/security.md "Sign-in and chat login
 * limits"): the sign-in count is reserved before the check (no race), strangers slow an account
 * down but cannot lock its owner out, brute force stays capped; reset mail and chat-service
 * sessions are limited with honest 429s; no mail is lost in the outbox; reset links use the
 * configured origin, never the request's Host.
 */
import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { apiClient } from '../support/api';
import { burst, checksAllowed, countCodes } from '../support/limit-bursts';
import { qbClient } from '../support/qb';
import { RESET_CODE } from '../support/mail';

const stack = inject('stack');
const api = apiClient(stack.url);
const qb = qbClient(stack.url);
const outbox = path.join(stack.dataDir, 'outbox');

const signIn = (email: string, password: string, from: string) =>
  api.call('POST', '/user/user/sign/in/doctor', { form: { email, password }, from });

/** Mail to `email` in the outbox; `pattern` picks one kind (sign-up also mails a verification code). */
async function mailsTo(email: string, pattern = /./): Promise<string[]> {
  const files = (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith(`${email}.eml`));
  const texts = await Promise.all(files.map((f) => readFile(path.join(outbox, f), 'utf8')));
  return texts.filter((text) => pattern.test(text));
}

describe('sign-in limits (finding 5)', () => {
  it('checks at most 10 passwords of 100 concurrent wrong ones from 100 addresses', async () => {
    const fresh = await api.signUpFresh('race');
    const { answers, ms } = await burst(100, (i) => signIn(fresh.email, 'wrong-pass-1', `10.80.${i}.1`));
    const codes = countCodes(answers);
    // Exactly 10 when the burst is over within the ceiling's first delay (5 s).
    expect(codes.BAD_CREDENTIALS).toBeGreaterThanOrEqual(10);
    expect(codes.BAD_CREDENTIALS).toBeLessThanOrEqual(checksAllowed(ms));
    expect(codes).toEqual({
      BAD_CREDENTIALS: codes.BAD_CREDENTIALS,
      RATE_LIMITED: 100 - codes.BAD_CREDENTIALS!,
    });
  });

  it("does not lock the owner's known address out when strangers guess, but slows the strangers", async () => {
    const fresh = await api.signUpFresh('nolock');
    expect((await signIn(fresh.email, fresh.password, '10.81.0.1')).code).toBe('OK');
    for (let i = 0; i < 10; i++)
      expect((await signIn(fresh.email, 'wrong-pass-1', `10.81.1.${i}`)).code).toBe('BAD_CREDENTIALS');
    const stranger = await signIn(fresh.email, 'wrong-pass-1', '10.81.2.1');
    expect([stranger.status, stranger.code]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(stranger.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await signIn(fresh.email, fresh.password, '10.81.0.1')).code).toBe('OK');
  });

  it('limits one address on one account with a sliding window, whatever the password', async () => {
    const fresh = await api.signUpFresh('window');
    expect((await signIn(fresh.email, fresh.password, '10.82.0.1')).code).toBe('OK');
    for (let i = 0; i < 10; i++)
      expect((await signIn(fresh.email, 'wrong-pass-1', '10.82.0.1')).code).toBe('BAD_CREDENTIALS');
    const blocked = await signIn(fresh.email, fresh.password, '10.82.0.1');
    expect([blocked.status, blocked.code]).toEqual([429, 'RATE_LIMITED']);
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(800);
  });
});

describe('reset mail limits and the outbox', () => {
  it('sends at most 5 codes for 25 concurrent requests, and every code sent is a mail', async () => {
    const fresh = await api.signUpFresh('mailrace');
    const answers = await Promise.all(
      Array.from({ length: 25 }, (_, i) =>
        api.call('POST', '/user/user/sign/forget/password', {
          form: { email: fresh.email },
          from: `10.83.${i}.1`,
        }),
      ),
    );
    const sent = answers.filter((a) => a.code === 'OK');
    expect(sent).toHaveLength(5);
    expect(answers.filter((a) => a.status === 429 && a.code === 'RATE_LIMITED')).toHaveLength(20);
    await expect
      .poll(async () => (await mailsTo(fresh.email, RESET_CODE)).length, { timeout: 60_000 })
      .toBe(5);
    await new Promise((r) => setTimeout(r, 300));
    expect(await mailsTo(fresh.email, RESET_CODE)).toHaveLength(5);
  });

  it('limits chat password reset mail per address and account with the vendor 429', async () => {
    const appToken = await qb.createSession();
    const email = `reset-${randomBytes(4).toString('hex')}@members.example`;
    const created = await qb.call('POST', '/users.json', {
      token: appToken,
      form: { user: { login: email.split('@')[0], email, password: 'member-pass-2026' } },
    });
    expect(created.status).toBe(201);
    const statuses = [];
    for (let i = 0; i < 10; i++) {
      const answer = await qb.call('GET', '/users/password/reset.json', {
        token: appToken,
        form: { email },
        headers: { 'X-Forwarded-For': `10.84.${i}.1` },
      });
      statuses.push(answer.status);
      if (answer.status === 429) expect(answer.body).toEqual({ errors: [expect.any(String)] });
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429, 429, 429]);
    await expect.poll(async () => (await mailsTo(email)).length, { timeout: 60_000 }).toBe(3);
  });

  it('builds the chat password reset link from the configured origin, not the Host header', async () => {
    // `localhost:PORT` passes the Host check (docs/security.md) but is not the public origin.
    const appToken = await qb.createSession();
    const email = `host-${randomBytes(4).toString('hex')}@members.example`;
    await qb.call('POST', '/users.json', {
      token: appToken,
      form: { user: { login: email.split('@')[0], email, password: 'member-pass-2026' } },
    });
    const status = await new Promise<number>((resolve, reject) => {
      const request = http.request(
        `${stack.url}/qb/users/password/reset.json?email=${encodeURIComponent(email)}`,
        { headers: { Host: `localhost:${stack.port}`, 'QB-Token': appToken } },
        (response) => {
          response.resume();
          resolve(response.statusCode ?? 0);
        },
      );
      request.on('error', reject);
      request.end();
    });
    expect(status).toBe(200);
    await expect.poll(async () => (await mailsTo(email)).length, { timeout: 60_000 }).toBe(1);
    const [mail] = await mailsTo(email);
    expect(mail).toContain(`${stack.url}/qb/users/password/reset/confirm?`);
    expect(mail).not.toContain('localhost:');
  });

  it('styles the reset confirm page from a stylesheet its Content-Security-Policy allows', async () => {
    // The page's policy has `style-src 'self'`: inline style attributes would be dropped unstyled.
    const appToken = await qb.createSession();
    const email = `style-${randomBytes(4).toString('hex')}@members.example`;
    await qb.call('POST', '/users.json', {
      token: appToken,
      form: { user: { login: email.split('@')[0], email, password: 'member-pass-2026' } },
    });
    await qb.call('GET', `/users/password/reset.json?email=${encodeURIComponent(email)}`, {
      token: appToken,
    });
    await expect.poll(async () => (await mailsTo(email)).length, { timeout: 60_000 }).toBe(1);
    const [mail] = await mailsTo(email);
    const link = /(http\S+\/qb\/users\/password\/reset\/confirm\?\S+)/.exec(
      mail!.replace(/=\r?\n/g, ''),
    )![1]!;
    const confirm = await fetch(link.replace(/=3D/g, '='));
    expect(confirm.status).toBe(200);
    expect(confirm.headers.get('content-security-policy')).toMatch(/style-src 'self'(?! 'unsafe-inline')/);
    const html = await confirm.text();
    expect(html).not.toMatch(/\sstyle=/);
    const href = /<link rel="stylesheet" href="([^"]+)"/.exec(html)?.[1];
    expect(href).toBe('/qb/users/password/reset/page.css');
    const sheet = await fetch(`${stack.url}${href}`);
    expect(sheet.status).toBe(200);
    expect(sheet.headers.get('content-type')).toMatch(/^text\/css/);
    expect(await sheet.text()).toContain('font-family:sans-serif');
  });
});

describe('chat-service session creation limits', () => {
  it('answers 429 in the vendor shape past 100 sessions a minute from one address', async () => {
    const answers = await Promise.all(
      Array.from({ length: 150 }, () =>
        qb.call('POST', '/session.json', {
          form: qb.signedSessionParams(),
          headers: { 'X-Forwarded-For': '10.85.0.1' },
        }),
      ),
    );
    expect(countCodes(answers.map((a) => ({ code: String(a.status) })))).toEqual({ 201: 100, 429: 50 });
    const limited = answers.filter((a) => a.status === 429);
    expect(limited[0]!.body).toEqual({ errors: [expect.stringContaining('Too many attempts')] });
    expect(Number(limited[0]!.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});
