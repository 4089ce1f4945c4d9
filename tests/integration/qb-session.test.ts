/**
 * Chat-service sessions and login (docs/wire/hosted-chat.md §3, §2.7, §21.1, §21.3): the signature
 * check, user login by login or email, the expiration header, unknown and destroyed tokens, the
 * provider rule (no chat session without a portal session) and the token as XMPP password.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { member, personas } from '../../fixtures';
import { apiClient } from '../support/api';
import { qbClient, sdkSignature } from '../support/qb';
import { startStack, type TestStack } from '../support/stack';
import { connectPeer, stopPeer } from '../support/xmpp-peer';

const stack = inject('stack');
const qb = qbClient(stack.url);
const api = apiClient(stack.url);
const ava = member('ava');
const EXPIRATION = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} UTC$/;
const wsUrl = `${stack.url.replace('http', 'ws')}/xmpp-websocket`;

describe('POST /session.json', () => {
  it('creates an application session with a valid SHA-1 signature', async () => {
    const answer = await qb.call('POST', '/session.json', { form: qb.signedSessionParams() });
    expect(answer.status).toBe(201);
    expect(answer.body.session).toMatchObject({
      application_id: personas.chatApp.appId,
      user_id: 0,
      token: expect.stringMatching(/^[0-9a-f]{40}$/),
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
    });
    expect(answer.headers.get('QB-Token-ExpirationDate')).toMatch(EXPIRATION);
    const expires = Date.parse(
      answer.headers.get('QB-Token-ExpirationDate')!.replace(' UTC', 'Z').replace(' ', 'T'),
    );
    expect(expires - Date.now()).toBeGreaterThan(119 * 60_000);
    expect(expires - Date.now()).toBeLessThan(121 * 60_000);
  });

  it('refuses a valid SHA-256 signature unless CHAT_SIGNATURE_HASH says sha256 (issue 4)', async () => {
    const sha256 = await qb.call('POST', '/session.json', {
      form: qb.signedSessionParams(undefined, 'sha256'),
    });
    expect(sha256.status).toBe(422);
    expect(sha256.body).toEqual({ errors: { base: ['Unexpected signature'] } });
  });

  it('logs a user in by login or by email', async () => {
    const byLogin = await qb.call('POST', '/session.json', {
      form: qb.signedSessionParams({ login: ava.chatLogin, password: ava.chatPassword }),
    });
    expect(byLogin.status).toBe(201);
    expect(byLogin.body.session.user_id).toBe(ava.chatId);
    const byEmail = await qb.call('POST', '/session.json', {
      form: qb.signedSessionParams({ email: ava.email, password: ava.chatPassword }),
    });
    expect(byEmail.body.session.user_id).toBe(ava.chatId);
  });

  it('refuses a wrong signature, a wrong auth key, a replay and missing parameters', async () => {
    const params = qb.signedSessionParams();
    const wrong = await qb.call('POST', '/session.json', { form: { ...params, signature: 'a'.repeat(40) } });
    expect(wrong.status).toBe(422);
    expect(wrong.body).toEqual({ errors: { base: ['Unexpected signature'] } });

    const badKey = { ...params, auth_key: 'guess' } as Record<string, unknown>;
    delete badKey.signature;
    badKey.signature = sdkSignature(badKey, personas.chatApp.authSecret);
    expect((await qb.call('POST', '/session.json', { form: badKey })).status).toBe(422);

    expect((await qb.call('POST', '/session.json', { form: params })).status).toBe(201);
    const replay = await qb.call('POST', '/session.json', { form: params });
    expect(replay.status).toBe(422);
    expect(JSON.stringify(replay.body)).toContain('already used');

    const missing = await qb.call('POST', '/session.json', {
      form: { application_id: personas.chatApp.appId },
    });
    expect(missing.status).toBe(422);
    expect(missing.body.errors).toHaveProperty('auth_key');
  });

  it('refuses a wrong password with 401', async () => {
    const answer = await qb.call('POST', '/session.json', {
      form: qb.signedSessionParams({ login: ava.chatLogin, password: 'not-it' }),
    });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual({ errors: ['Unauthorized'] });
  });

  it("refuses a provider whose portal session is not live, and ends the provider's sessions at sign-out", async () => {
    const { token, portalToken, password } = await qb.providerSession('amelia');
    expect((await qb.call('GET', '/session.json', { token })).status).toBe(200);
    expect((await api.call('POST', '/user/user/sign/out/doctor', { token: portalToken })).code).toBe('OK');
    await expect
      .poll(async () => (await qb.call('GET', '/session.json', { token })).status, { timeout: 60_000 })
      .toBe(401);
    const again = await qb.call('POST', '/session.json', {
      form: qb.signedSessionParams({ login: 'provider-amelia', password }),
    });
    expect(again.status).toBe(401);
    expect(JSON.stringify(again.body)).toContain('portal session');
  });
});

describe('POST /session.json with CHAT_SIGNATURE_HASH=sha256', () => {
  // Its own API-only server (no Prosody): the hash is read at start-up.
  let sha256Stack: TestStack;
  let sha256Qb: ReturnType<typeof qbClient>;
  beforeAll(async () => {
    sha256Stack = await startStack({ env: { CHAT_SIGNATURE_HASH: 'sha256', PROSODY_BIN: '' } });
    sha256Qb = qbClient(sha256Stack.url);
  });
  afterAll(() => sha256Stack?.stop({ remove: true }));

  it('accepts a SHA-256 signature and refuses a valid SHA-1 one', async () => {
    const sha256 = await sha256Qb.call('POST', '/session.json', {
      form: sha256Qb.signedSessionParams(undefined, 'sha256'),
    });
    expect(sha256.status).toBe(201);
    const sha1 = await sha256Qb.call('POST', '/session.json', {
      form: sha256Qb.signedSessionParams(undefined, 'sha1'),
    });
    expect(sha1.status).toBe(422);
    expect(sha1.body).toEqual({ errors: { base: ['Unexpected signature'] } });
  });

  it('tells the portal which hash to sign with', async () => {
    const portal = apiClient(sha256Stack.url);
    const token = await portal.signInAs('amelia');
    const info = await portal.call<{ app: { hash: string } }>('GET', '/message/qb/user/get', { token });
    expect(info).toMatchObject({ code: 'OK', data: { app: { hash: 'sha256' } } });
  });
});

describe('GET/DELETE /session.json, POST/DELETE /login.json', () => {
  it('reads the session, logs in and out, and destroys it', async () => {
    const token = await qb.createSession();
    const read = await qb.call('GET', '/session.json', { token });
    expect(read.status).toBe(200);
    expect(read.body.session).toMatchObject({ token, user_id: 0 });
    expect(read.headers.get('QB-Token-ExpirationDate')).toMatch(EXPIRATION);

    const login = await qb.call('POST', '/login.json', {
      token,
      form: { login: ava.chatLogin, password: ava.chatPassword },
    });
    expect(login.status).toBe(202);
    expect(login.body.user).toMatchObject({ id: ava.chatId, login: ava.chatLogin, email: ava.email });
    expect((await qb.call('GET', '/session.json', { token })).body.session.user_id).toBe(ava.chatId);

    const badLogin = await qb.call('POST', '/login.json', {
      token,
      form: { login: ava.chatLogin, password: 'x' },
    });
    expect(badLogin.status).toBe(401);

    const logout = await qb.call('DELETE', '/login.json', { token });
    expect(logout.status).toBe(200);
    expect((await qb.call('GET', '/session.json', { token })).body.session.user_id).toBe(0);
    // A user call now needs a user again.
    expect((await qb.call('GET', '/chat/Dialog.json', { token })).status).toBe(403);

    expect((await qb.call('DELETE', '/session.json', { token })).status).toBe(200);
    const gone = await qb.call('GET', '/session.json', { token });
    expect(gone.status).toBe(401);
    expect(gone.body).toEqual({ errors: ['Required session does not exist'] });
  });

  it('answers 401 "Required session does not exist" without a token or with an unknown one', async () => {
    for (const token of [undefined, 'f'.repeat(40), 'nonsense']) {
      const answer = await qb.call('GET', '/users.json', { token });
      expect(answer.status).toBe(401);
      expect(answer.body).toEqual({ errors: ['Required session does not exist'] });
    }
  });
});

describe('the session token as XMPP password (§12)', () => {
  it('logs in while the session lives and not after it is destroyed', async () => {
    const token = await qb.memberSession('ava');
    const xmpp = await connectPeer({
      service: wsUrl,
      domain: stack.chatDomain,
      username: `${ava.chatId}-${stack.appId}`,
      password: token,
    });
    expect(xmpp.jid?.bare().toString()).toBe(ava.jid);
    await stopPeer(xmpp);
    await qb.call('DELETE', '/session.json', { token });
    await expect(
      connectPeer({
        service: wsUrl,
        domain: stack.chatDomain,
        username: `${ava.chatId}-${stack.appId}`,
        password: token,
      }),
    ).rejects.toMatchObject({ condition: 'not-authorized' });
    // Another user's token is not this user's password.
    const bianca = await qb.memberSession('bianca');
    await expect(
      connectPeer({
        service: wsUrl,
        domain: stack.chatDomain,
        username: `${ava.chatId}-${stack.appId}`,
        password: bianca,
      }),
    ).rejects.toMatchObject({ condition: 'not-authorized' });
  });
});
