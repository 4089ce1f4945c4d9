/**
 * Its own stack, to test what the shared one cannot: session expiry (short idle time: the
 * session sweep (src/server/auth/module.ts) ends the session, and its chat stream and app socket with it), a restart on
 * the same data, and Prosody restarted by the server after it dies.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member } from '../../fixtures';
import { apiClient } from '../support/api';
import { startStack, type TestStack } from '../support/stack';
import { saslOverWebSocket } from '../support/sasl-probe';
import { connectPeer, stopPeer } from '../support/xmpp-peer';
import { connectRaw, socketUrl } from './app-socket-support';

let stack: TestStack;
/**
 * Long enough that no step of a test's set-up (a sign-in, a chat login) outlasts it on a loaded
 * machine, which would end the session before the test begins; the tests then wait for the end.
 */
const IDLE_SECONDS = 10;

beforeAll(async () => {
  stack = await startStack({ env: { SESSION_IDLE_SECONDS: String(IDLE_SECONDS) } });
});

afterAll(async () => {
  await stack?.stop({ remove: true });
});

const waitFor = async (check: () => Promise<boolean>, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 200));
  }
  return false;
};

describe('session expiry', () => {
  it('an idle session expires, answers TOKEN_ERR_NOT_FOUND and ends its chat', async () => {
    const api = apiClient(stack);
    const token = await api.signInAs('amelia');
    const creds = await api.call<{ password: string; quickBloxId: number }>(
      'GET',
      '/message/qb/user/getInfo',
      { token },
    );
    const xmpp = await connectPeer({
      service: `${stack.url.replace('http', 'ws')}/xmpp-websocket`,
      domain: stack.chatDomain,
      username: `${creds.data.quickBloxId}-${stack.appId}`,
      password: creds.data.password,
    });
    const offline = new Promise<void>((resolve) => xmpp.on('disconnect', () => resolve()));
    // Idle from here on: the first request after the idle time finds the session expired.
    await new Promise((r) => setTimeout(r, (IDLE_SECONDS + 0.5) * 1000));
    const answer = await api.call('GET', '/consultation/invite/doctor/getInfo', { token });
    expect([answer.status, answer.code]).toEqual([401, 'TOKEN_ERR_NOT_FOUND']);
    expect(answer.message).toMatch(/expired/);
    await offline;
    await stopPeer(xmpp);
    // Issue 10 finding 3: the expired session's chat password logs in no more.
    const again = await saslOverWebSocket(`${stack.url.replace('http', 'ws')}/xmpp-websocket`, {
      domain: stack.chatDomain,
      username: `${creds.data.quickBloxId}-${stack.appId}`,
      password: creds.data.password,
    });
    expect(again).toBe('not-authorized');
  });
});

describe('session expiry and the app socket', () => {
  it('the sweep that expires an idle session closes its open socket with the token error', async () => {
    const { token } = await apiClient(stack).signUpFresh('expiring');
    const peer = await connectRaw(socketUrl(stack.url), token);
    expect(peer.frames.map((f) => f.command)).toContain('CONNECTED');
    // The session sweep (every 30 s, src/server/auth/module.ts) finds it idle.
    const error = await peer.next((f) => f.command === 'ERROR', (IDLE_SECONDS + 30) * 1000 + 60_000);
    expect(error.headers.message).toBe('TOKEN_ERR_NOT_FOUND');
    expect(new TextDecoder().decode(error.body)).toMatch(/expired/);
    expect((await peer.closed).code).toBe(4001);
  });
});

describe('restarts', () => {
  it('a second start reuses the data', async () => {
    const api = apiClient(stack);
    const fresh = await api.signUpFresh('persist');
    await stack.restart();
    await api.signIn(fresh.email, fresh.password);
  });

  it('restarts Prosody when it dies', async () => {
    // The restart above is done once the server is up, and with it Prosody and its pidfile.
    const pid = Number(await readFile(path.join(stack.dataDir, 'prosody', 'prosody.pid'), 'utf8'));
    process.kill(pid, 'SIGKILL');
    const ava = member('ava');
    const back = await waitFor(async () => {
      try {
        const xmpp = await connectPeer({
          service: `${stack.url.replace('http', 'ws')}/xmpp-websocket`,
          domain: stack.chatDomain,
          username: `${ava.chatId}-${stack.appId}`,
          password: ava.chatPassword,
        });
        await stopPeer(xmpp);
        return true;
      } catch {
        return false;
      }
    }, 90_000);
    expect(back).toBe(true);
    const newPid = Number(await readFile(path.join(stack.dataDir, 'prosody', 'prosody.pid'), 'utf8'));
    expect(newPid).not.toBe(pid);
  });
});
