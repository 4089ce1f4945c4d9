/**
 * Automatic logoff at the server (docs/security.md "Automatic logoff"; HIPAA §164.312(a)(2)(iii)),
 * on a stack of its own with short times: the app socket's heart-beat is 1 s (a missed beat is
 * forgiven for 2 s) and Prosody pings every 2 s (at 400 ms and 1 s a loaded machine let an answer
 * arrive after the server's next check, and a live channel was dropped). When the portal signs out
 * after a provider walked away, the server ends the portal session, closes both chat streams
 * (WebSocket and BOSH) with no stream resumption left, and closes the app socket. Sockets nobody
 * hears from are closed too: a STOMP client that offered no heart-beats (0,0) and an XMPP stream
 * that stops answering pings.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { provider } from '../../fixtures';
import { apiClient } from '../support/api';
import { boshUrl, signedInWithChat } from '../support/chat-harness';
import { bindAndEnable, openRawXmpp, tryResume, type RawXmpp } from '../support/raw-xmpp';
import { startStack, type TestStack } from '../support/stack';
import { installXmlHttpRequest } from '../support/xmpp-peer';
import { connectRaw, socketUrl } from './app-socket-support';

const BEAT = 1000;
const PING_SECONDS = 2;
let stack: TestStack;
const opened: RawXmpp[] = [];

beforeAll(async () => {
  stack = await startStack({
    env: { APP_SOCKET_HEARTBEAT_MS: String(BEAT), CHAT_PING_SECONDS: String(PING_SECONDS) },
  });
});

afterAll(async () => {
  for (const raw of opened) raw.close();
  await stack?.stop({ remove: true });
});

const within = <T>(promise: Promise<T>, ms: number) =>
  Promise.race([promise, new Promise<'timeout'>((resolve) => setTimeout(() => resolve('timeout'), ms))]);

/** Signs a provider persona in; answers the token and her chat login (getInfo, as the portal does). */
const signedIn = (key: string) => signedInWithChat(stack, key);

/** A BOSH stream logged in with Strophe, recording its status names. */
async function boshStream(jid: string, password: string) {
  const { Strophe } = await import('strophe.js');
  installXmlHttpRequest();
  Strophe.setLogLevel(Strophe.LogLevel.FATAL);
  const connection = new Strophe.Connection(boshUrl(stack));
  const statuses: string[] = [];
  await new Promise<void>((resolve, reject) => {
    connection.connect(jid, password, (status: number) => {
      const name = Object.entries(Strophe.Status).find(([, v]) => v === status)?.[0] ?? String(status);
      statuses.push(name);
      if (name === 'CONNECTED') resolve();
      if (['AUTHFAIL', 'CONNFAIL', 'ERROR'].includes(name)) reject(new Error(`BOSH login: ${name}`));
    });
  });
  const sid = (connection as unknown as { _proto: { sid: string; rid: number } })._proto;
  return { connection, statuses, proto: sid };
}

describe('signing out ends every channel at the server', () => {
  it('closes the app socket, the WebSocket and BOSH chat streams, and refuses resumption', async () => {
    const amelia = provider('amelia');
    const { api, token, login } = await signedIn('amelia');
    const appSocket = await connectRaw(socketUrl(stack.url), token, `${BEAT},${BEAT}`);
    const beating = setInterval(() => appSocket.isOpen() && appSocket.sendRaw('\n'), BEAT);
    const ws = await openRawXmpp(login);
    opened.push(ws);
    const previd = await bindAndEnable(ws);
    // A live client: answers the server's pings (XEP-0199).
    const answering = ws.answerPings(stack.chatDomain);
    const bosh = await boshStream(`${login.username}@${stack.chatDomain}`, login.password);
    expect(amelia.chatId).toBeGreaterThan(0);

    // Several ping and heart-beat periods pass: a live client keeps every channel.
    await new Promise((resolve) => setTimeout(resolve, PING_SECONDS * 3000));
    expect(appSocket.isOpen()).toBe(true);
    expect(ws.isOpen()).toBe(true);
    answering.stop();

    const out = await api.call('POST', '/user/user/sign/out/doctor', { token });
    expect(out.code).toBe('OK');
    clearInterval(beating);

    expect((await within(appSocket.closed, 30_000)) as { code: number }).toMatchObject({ code: 4001 });
    expect(
      appSocket.frames.some((f) => f.command === 'ERROR' && f.headers.message === 'TOKEN_ERR_LOGOUT'),
    ).toBe(true);
    expect(await within(ws.closed, 30_000)).not.toBe('timeout');
    await expect.poll(() => bosh.statuses.includes('DISCONNECTED'), { timeout: 60_000 }).toBe(true);

    // The BOSH session is gone at the server: its sid is unknown now.
    const answer = await fetch(boshUrl(stack), {
      method: 'POST',
      headers: { 'Content-Type': 'text/xml; charset=utf-8' },
      body: `<body xmlns='http://jabber.org/protocol/httpbind' rid='${bosh.proto.rid + 1}' sid='${bosh.proto.sid}'/>`,
    });
    expect(await answer.text()).toMatch(/type=['"]terminate['"]/);

    // Signed in again (a new chat password), the old stream cannot be resumed (XEP-0198 §5).
    const again = await signedIn('amelia');
    const fresh = await openRawXmpp(again.login);
    opened.push(fresh);
    expect(await tryResume(fresh, previd)).toMatch(/<failed\b[\s\S]*item-not-found/);
    // And the old chat password no longer logs in.
    await expect(openRawXmpp(login)).rejects.toThrow(/SASL failed/);
  });
});

describe('idle sockets are closed at the server', () => {
  it('an authenticated STOMP client that offered no heart-beats (0,0) and went silent is closed', async () => {
    const { token } = await apiClient(stack.url).signUpFresh('nobeat');
    const peer = await connectRaw(socketUrl(stack.url), token, '0,0');
    expect(peer.frames.find((f) => f.command === 'CONNECTED')?.headers['heart-beat']).toBe(`${BEAT},${BEAT}`);
    expect((await within(peer.closed, 30_000)) as { code: number }).toMatchObject({ code: 4002 });
  });

  it('a 0,0 client that keeps talking stays connected', async () => {
    const { token } = await apiClient(stack.url).signUpFresh('talker');
    const peer = await connectRaw(socketUrl(stack.url), token, '0,0');
    const talking = setInterval(() => peer.sendRaw('\n'), BEAT / 2);
    await new Promise((resolve) => setTimeout(resolve, BEAT * 6));
    clearInterval(talking);
    expect(peer.isOpen()).toBe(true);
    await peer.close();
  });

  it('an authenticated XMPP stream that stops answering pings is dropped', async () => {
    const { login } = await signedIn('bruno');
    const ws = await openRawXmpp(login);
    opened.push(ws);
    await bindAndEnable(ws);
    await ws.next(/urn:xmpp:ping/, PING_SECONDS * 4000);
    expect(await within(ws.closed, 30_000)).not.toBe('timeout');
  });

  it('a stream that answers its pings stays', async () => {
    const { login } = await signedIn('chiara');
    const ws = await openRawXmpp(login);
    opened.push(ws);
    await bindAndEnable(ws);
    const answering = ws.answerPings(stack.chatDomain);
    await new Promise((resolve) => setTimeout(resolve, PING_SECONDS * 6000));
    answering.stop();
    expect(answering.answered()).toBeGreaterThanOrEqual(2);
    expect(ws.isOpen()).toBe(true);
  });
});
