/**
 * Automatic logoff enforced by the server itself (docs/security.md "Automatic logoff"; HIPAA
 * §164.312(a)(2)(iii)), on a stack of its own with AUTO_LOGOFF_SECONDS=5: the session sweep (src/server/auth/module.ts)
 * ends a portal session whose portal reported no activity for that long, as sign-out does — the
 * token answers TOKEN_ERR_LOGOUT, the app socket and the chat stream are closed and the stream
 * cannot be resumed — even though the session kept polling, heart-beating and answering chat
 * pings (background traffic is not activity). A session whose portal reports activity stays; one
 * that a second step signed in ends the same way.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from '../support/api';
import { signedInWithChat } from '../support/chat-harness';
import { appCode, enrolApp } from '../support/second-factor';
import { bindAndEnable, openRawXmpp, tryResume, type RawXmpp } from '../support/raw-xmpp';
import { startStack, type TestStack } from '../support/stack';
import { connectRaw, socketUrl } from './app-socket-support';

const LOGOFF_SECONDS = 5;
// Both ways, with the server's grace: a loaded machine can stall a process for a second or two, and a
// lost heart-beat (4002) must not end the socket before the logoff (4001) does.
const BEAT = 2500;
let stack: TestStack;
const opened: RawXmpp[] = [];
const timers: NodeJS.Timeout[] = [];

beforeAll(async () => {
  stack = await startStack({
    env: {
      AUTO_LOGOFF_SECONDS: String(LOGOFF_SECONDS),
      APP_SOCKET_HEARTBEAT_MS: String(BEAT),
      CHAT_PING_SECONDS: '1',
    },
  });
});

afterAll(async () => {
  for (const timer of timers) clearInterval(timer);
  for (const raw of opened) raw.close();
  await stack?.stop({ remove: true });
});

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms))]);

const every = (ms: number, work: () => void) => {
  const timer = setInterval(work, ms);
  timers.push(timer);
  return timer;
};

/**
 * A signed-in persona with every channel open and busy with background traffic: the app socket
 * heart-beats, the chat stream answers the server's pings, the portal polls its info.
 */
async function busyButIdle(key: string) {
  const { api, token, login } = await signedInWithChat(stack, key);
  const appSocket = await connectRaw(socketUrl(stack.url), token, `${BEAT},${BEAT}`);
  every(BEAT, () => appSocket.isOpen() && appSocket.sendRaw('\n'));
  const ws = await openRawXmpp(login);
  opened.push(ws);
  const previd = await bindAndEnable(ws);
  every(100, () => {
    for (const frame of ws.frames.splice(0)) {
      const id = /<iq[^>]*id=['"](portal-ping-[^'"]+)['"]/.exec(frame)?.[1];
      if (id) ws.send(`<iq xmlns='jabber:client' type='result' id='${id}' to='${stack.chatDomain}'/>`);
    }
  });
  every(
    1000,
    () => void api.call('GET', '/consultation/invite/doctor/getInfo', { token }).catch(() => undefined),
  );
  return { api, token, login, appSocket, ws, previd };
}

describe('the server ends a session without user activity', () => {
  it('ends the idle session on every channel and keeps the one whose portal reports activity', async () => {
    const idle = await busyButIdle('amelia');
    const active = await busyButIdle('bruno');
    every(
      1000,
      () => void active.api.call('POST', '/user/user/sign/activity/doctor', { token: active.token }),
    );

    // Past AUTO_LOGOFF_SECONDS plus the report period (1.25 s) and a sweep (1.25 s).
    expect(
      (await within(idle.appSocket.closed, LOGOFF_SECONDS * 1000 + 60_000)) as { code: number },
    ).toMatchObject({
      code: 4001,
    });
    expect(
      idle.appSocket.frames.some((f) => f.command === 'ERROR' && f.headers.message === 'TOKEN_ERR_LOGOUT'),
    ).toBe(true);
    expect(await within(idle.ws.closed, 30_000)).not.toBe('timeout');
    const refused = await idle.api.call('GET', '/consultation/invite/doctor/getInfo', { token: idle.token });
    expect(refused.code).toBe('TOKEN_ERR_LOGOUT');
    expect(refused.message).toMatch(/without activity/);

    // Neither the stream nor the old chat password survives (XEP-0198 §5).
    const again = await apiClient(stack).signInAs('amelia');
    const info = await idle.api.call<{ password: string }>('GET', '/message/qb/user/getInfo', {
      token: again,
    });
    const fresh = await openRawXmpp({ ...idle.login, password: info.data.password });
    opened.push(fresh);
    expect(await tryResume(fresh, idle.previd)).toMatch(/<failed\b[\s\S]*item-not-found/);
    await expect(openRawXmpp(idle.login)).rejects.toThrow(/SASL failed/);

    // The session that reported activity lives on every channel.
    expect(active.appSocket.isOpen()).toBe(true);
    expect(active.ws.isOpen()).toBe(true);
    const alive = await active.api.call('GET', '/consultation/invite/doctor/getInfo', {
      token: active.token,
    });
    expect(alive.code).toBe('OK');
  });

  it('ends a session that a second step signed in as it ends one the password did (issue 27, item 8)', async () => {
    const api = apiClient(stack);
    const fresh = await api.signUpFresh('idle2fa');
    const { secret } = await enrolApp(api, fresh.token);
    const signedIn = await api.call<{ secondStep?: { token: string } }>('POST', '/user/user/sign/in/doctor', {
      form: { email: fresh.email, password: fresh.password },
    });
    const step = signedIn.data.secondStep;
    if (!step) throw new Error(`no second step: ${signedIn.code}`);
    // The enrolment took this time step's code; the next one finishes the sign-in.
    const done = await api.call<{ token: string }>('POST', '/user/user/sign/in/doctor/second-step', {
      token: step.token,
      json: { method: 'totp', code: appCode(secret, 1) },
    });
    expect(done.code).toBe('OK');
    const token = done.data.token;
    expect((await api.call('GET', '/consultation/invite/doctor/getInfo', { token })).code).toBe('OK');
    // Polled, never active: past AUTO_LOGOFF_SECONDS and a sweep the token is signed out.
    const deadline = Date.now() + LOGOFF_SECONDS * 1000 + 60_000;
    let code = 'OK';
    while (code === 'OK' && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      code = (await api.call('GET', '/consultation/invite/doctor/getInfo', { token })).code;
    }
    expect(code).toBe('TOKEN_ERR_LOGOUT');
  });

  it('answers the activity report with the envelope and refuses it without a session', async () => {
    const api = apiClient(stack);
    const token = await api.signInAs('chiara');
    expect((await api.call('POST', '/user/user/sign/activity/doctor', { token })).code).toBe('OK');
    expect((await api.call('POST', '/user/user/sign/activity/doctor', {})).code).toBe('TOKEN_ERR_EMPTY');
  });
});
