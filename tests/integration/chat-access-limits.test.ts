/**
 * Issue 10 findings 3 and 4: a provider's chat password belongs to one live portal session (it
 * stops with sign-out and with a newer sign-in, and is never cached), and XMPP logins share the
 * chat-service login limits with `/qb/session.json` (docs/security.md "Sign-in and chat login
 * limits").
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { apiClient } from '../support/api';
import { qbClient } from '../support/qb';
import { saslOverWebSocket } from '../support/sasl-probe';

const stack = inject('stack');
const api = apiClient(stack);
const qb = qbClient(stack.url);
const wsUrl = `${stack.url.replace('http', 'ws')}/xmpp-websocket`;
const node = (chatId: number) => `${chatId}-${stack.appId}`;

async function chatCredentials(token: string) {
  const answer = await api.call<{ password: string; quickBloxId: number }>(
    'GET',
    '/message/qb/user/getInfo',
    {
      token,
    },
  );
  expect(answer.code).toBe('OK');
  return { answer, chatId: answer.data.quickBloxId, password: answer.data.password };
}

const xmppLogin = (chatId: number, password: string, forwardedFor?: string) =>
  saslOverWebSocket(wsUrl, { domain: stack.chatDomain, username: node(chatId), password }, { forwardedFor });

describe("a provider's chat password (finding 3)", () => {
  it('is never cached and stops logging in once the provider signs out', async () => {
    const fresh = await api.signUpFresh('chatout');
    const { answer, chatId, password } = await chatCredentials(fresh.token);
    expect(answer.headers.get('cache-control')).toContain('no-store');
    expect(await xmppLogin(chatId, password)).toBe('success');
    expect((await api.call('POST', '/user/user/sign/out/doctor', { token: fresh.token })).code).toBe('OK');
    expect(await xmppLogin(chatId, password)).toBe('not-authorized');
  });

  it('belongs to its portal session: a newer sign-in ends the kicked one’s chat login', async () => {
    const fresh = await api.signUpFresh('chatkick');
    const first = await chatCredentials(fresh.token);
    const second = await chatCredentials(await api.signIn(fresh.email, fresh.password));
    expect(second.password).not.toBe(first.password);
    expect(await xmppLogin(first.chatId, first.password)).toBe('not-authorized');
    expect(await xmppLogin(second.chatId, second.password)).toBe('success');
  });

  it('also opens the chat-service session only while its portal session lives', async () => {
    const fresh = await api.signUpFresh('chatqb');
    const { password } = await chatCredentials(fresh.token);
    const login = `provider-${fresh.chatId}`;
    const form = () => ({ form: qb.signedSessionParams({ login, password }) });
    expect((await qb.call('POST', '/session.json', form())).status).toBe(201);
    await api.call('POST', '/user/user/sign/out/doctor', { token: fresh.token });
    expect((await qb.call('POST', '/session.json', form())).status).toBe(401);
  });
});

describe('XMPP logins share the chat-service login limits (finding 4)', () => {
  async function freshMember() {
    const appToken = await qb.createSession();
    const login = `limit-${randomBytes(4).toString('hex')}`;
    const password = 'member-pass-2026';
    const created = await qb.call('POST', '/users.json', {
      token: appToken,
      form: { user: { login, password } },
    });
    expect(created.status).toBe(201);
    return { login, password, chatId: created.body.user.id as number };
  }

  const qbLogin = (login: string, password: string, from: string) =>
    qb.call('POST', '/session.json', {
      form: qb.signedSessionParams({ login, password }),
      headers: { 'X-Forwarded-For': from },
    });

  it('refuses XMPP logins, even with the right password, once /qb/session.json answers 429', async () => {
    const m = await freshMember();
    for (let i = 0; i < 10; i++) expect((await qbLogin(m.login, 'wrong-pass', '10.70.0.1')).status).toBe(401);
    const locked = await qbLogin(m.login, m.password, '10.70.0.1');
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(locked.body).toEqual({ errors: [expect.stringContaining('Too many attempts')] });
    expect(await xmppLogin(m.chatId, m.password, '10.70.0.1')).toBe('not-authorized');
  });

  it('counts XMPP failures: past the limit the right password fails over XMPP and /qb alike', async () => {
    const m = await freshMember();
    const answers = [];
    for (let i = 0; i < 60; i++) answers.push(await xmppLogin(m.chatId, `wrong-${i}`, '10.71.0.1'));
    expect(answers.every((a) => a === 'not-authorized')).toBe(true);
    expect(await xmppLogin(m.chatId, m.password, '10.71.0.1')).toBe('not-authorized');
    expect((await qbLogin(m.login, m.password, '10.71.0.1')).status).toBe(429);
  });
});
