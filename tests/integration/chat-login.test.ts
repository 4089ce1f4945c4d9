/**
 * Chat identity and Prosody: personas log in through the server's proxy over WebSocket and BOSH
 * and over plain TCP; wrong passwords and foreign origins are refused; ending the portal session
 * ends the provider's chat.
 */
import { afterAll, describe, expect, inject, it } from 'vitest';
import { WebSocket } from 'ws';
import { member, personas } from '../../fixtures';
import { apiClient } from '../support/api';
import { boshLogin, connectPeer, stopPeer } from '../support/xmpp-peer';

const stack = inject('stack');
const api = apiClient(stack);
const wsUrl = `${stack.url.replace('http', 'ws')}/xmpp-websocket`;
const node = (chatId: number) => `${chatId}-${stack.appId}`;
const open: Array<Awaited<ReturnType<typeof connectPeer>>> = [];

afterAll(async () => {
  await Promise.all(open.map(stopPeer));
});

describe('member personas log in to the real Prosody', () => {
  it('over WebSocket through the proxy', async () => {
    const ava = member('ava');
    const xmpp = await connectPeer({
      service: wsUrl,
      domain: stack.chatDomain,
      username: node(ava.chatId),
      password: ava.chatPassword,
    });
    open.push(xmpp);
    expect(xmpp.jid?.bare().toString()).toBe(ava.jid);
  });

  it('over BOSH through the proxy', async () => {
    const bianca = member('bianca');
    const session = await boshLogin(`${stack.url}/http-bind`, `${bianca.jid}/bosh`, bianca.chatPassword);
    expect(session.status).toBe('CONNECTED');
    session.disconnect();
  });

  it('over plain TCP on XMPP_C2S_PORT', async () => {
    const clara = member('clara');
    const xmpp = await connectPeer({
      service: `xmpp://127.0.0.1:${stack.c2sPort}`,
      domain: stack.chatDomain,
      username: node(clara.chatId),
      password: clara.chatPassword,
    });
    open.push(xmpp);
    expect(xmpp.jid?.bare().toString()).toBe(clara.jid);
  });

  it('every member persona with its own password', async () => {
    for (const m of personas.members) {
      const xmpp = await connectPeer({
        service: wsUrl,
        domain: stack.chatDomain,
        username: node(m.chatId),
        password: m.chatPassword,
      });
      await stopPeer(xmpp);
    }
  });

  it('refuses a wrong password over both transports', async () => {
    const ava = member('ava');
    await expect(
      connectPeer({
        service: wsUrl,
        domain: stack.chatDomain,
        username: node(ava.chatId),
        password: 'wrong',
      }),
    ).rejects.toMatchObject({
      condition: 'not-authorized',
    });
    expect((await boshLogin(`${stack.url}/http-bind`, `${ava.jid}/bosh`, 'wrong')).status).toBe('AUTHFAIL');
    const other = member('bianca');
    await expect(
      connectPeer({
        service: wsUrl,
        domain: stack.chatDomain,
        username: node(ava.chatId),
        password: other.chatPassword,
      }),
    ).rejects.toMatchObject({
      condition: 'not-authorized',
    });
  });

  it('refuses the WebSocket from a page of another origin', async () => {
    const status = await new Promise<number>((resolve) => {
      const socket = new WebSocket(wsUrl, 'xmpp', { headers: { Origin: 'https://evil.example' } });
      socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      socket.on('open', () => resolve(101));
    });
    expect(status).toBe(403);
    const same = await new Promise<number>((resolve) => {
      const socket = new WebSocket(wsUrl, 'xmpp', { headers: { Origin: stack.url } });
      socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      socket.on('open', () => {
        socket.close();
        resolve(101);
      });
    });
    expect(same).toBe(101);
  });
});

describe("the provider's chat credentials", () => {
  it('log in, and the chat ends when the portal session ends', async () => {
    const token = await api.signInAs('bruno');
    const creds = await api.call<{ login: string; password: string; quickBloxId: number; jid: string }>(
      'GET',
      '/message/qb/user/getInfo',
      { token },
    );
    expect(creds.data).toMatchObject({
      login: 'provider-bruno',
      quickBloxId: 100002,
      jid: '100002-1001@localhost',
    });
    const xmpp = await connectPeer({
      service: wsUrl,
      domain: stack.chatDomain,
      username: node(creds.data.quickBloxId),
      password: creds.data.password,
    });
    const closed = new Promise<void>((resolve) => xmpp.on('disconnect', () => resolve()));
    await api.call('POST', '/user/user/sign/out/doctor', { token });
    await closed;
    expect(xmpp.status).toBe('disconnect');
  });

  it('belong to one portal session: they differ across sign-ins and between providers', async () => {
    const a1 = await api.call<{ password: string }>('GET', '/message/qb/user/getInfo', {
      token: await api.signInAs('amelia'),
    });
    const a2 = await api.call<{ password: string }>('GET', '/message/qb/user/getInfo', {
      token: await api.signInAs('amelia'),
    });
    const c = await api.call<{ password: string }>('GET', '/message/qb/user/getInfo', {
      token: await api.signInAs('chiara'),
    });
    expect(a1.data.password).not.toBe(a2.data.password);
    expect(c.data.password).not.toBe(a1.data.password);
  });
});

describe('a new sign-in and the chat', () => {
  it('closes the kicked session’s chat before answering, never the chat opened after it', async () => {
    const first = await api.signInAs('bruno');
    const creds = await api.call<{ password: string; quickBloxId: number }>(
      'GET',
      '/message/qb/user/getInfo',
      { token: first },
    );
    const old = await connectPeer({
      service: wsUrl,
      domain: stack.chatDomain,
      username: node(creds.data.quickBloxId),
      password: creds.data.password,
    });
    const oldClosed = new Promise<void>((resolve) => old.on('disconnect', () => resolve()));
    const second = await api.signInAs('bruno');
    await oldClosed;
    const newCreds = await api.call<{ password: string }>('GET', '/message/qb/user/getInfo', {
      token: second,
    });
    const fresh = await connectPeer({
      service: wsUrl,
      domain: stack.chatDomain,
      username: node(creds.data.quickBloxId),
      password: newCreds.data.password,
    });
    open.push(fresh);
    let freshClosed = false;
    fresh.on('disconnect', () => (freshClosed = true));
    await new Promise((r) => setTimeout(r, 500));
    expect(freshClosed).toBe(false);
    await stopPeer(old);
  });
});
