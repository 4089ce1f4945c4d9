/**
 * Ping and last activity on the real Prosody (wire §13.3, §15), and the keep-alive: behind a
 * proxy that swallows our keep-alive pings (and nothing else), the 7th missed ping forces a
 * reconnect, which resumes the stream.
 */
import { xml } from '@xmpp/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { member, provider } from '../../fixtures';
import type { ChatClient, XmppError } from '../../src/xmpp';
import { nextEvent, nextStanza, onlinePeer, ourClient, until, type Peer } from '../support/chat-harness';
import { startWsProxy, type WsProxy } from '../support/ws-proxy';
import { stopPeer } from '../support/xmpp-peer';

const stack = inject('stack');
const bruno = provider('bruno');
const emma = member('emma');
const open: ChatClient[] = [];
const peers: Peer[] = [];

afterAll(async () => {
  await Promise.all(open.map((c) => c.disconnect()));
  await Promise.all(peers.map(stopPeer));
});

const pinged = (client: ChatClient, ...target: [] | [number | string]) =>
  new Promise<XmppError | null>((resolve) => {
    if (target.length === 0) client.ping(resolve);
    else client.ping(target[0], resolve);
  });

describe('ping and last activity', () => {
  let ours: ChatClient;
  let peer: Peer;

  beforeAll(async () => {
    ours = await ourClient(stack, { provider: 'bruno' });
    open.push(ours);
    peer = await onlinePeer(stack, 'emma', { roster: true });
    peers.push(peer);
    peer.iqCallee.get('urn:xmpp:ping', 'ping', () => true);
  });

  it('pings the server and a user, and answers the pings of others', async () => {
    expect(await pinged(ours)).toBeNull();
    expect(await pinged(ours, peer.jid!.toString())).toBeNull();
    // Nobody: no answer at all, as the vendor's server (wire §15, mod_portal_users.lua).
    expect((await pinged(ours, 2_000_000_000))?.message).toBe('No answer');
    const answer = await peer.iqCaller.request(
      xml('iq', { type: 'get', to: ours.jid }, xml('ping', { xmlns: 'urn:xmpp:ping' })),
    );
    expect(answer.attrs.type).toBe('result');
  });

  it('gets last activity of anyone, contact or not, and an error for nobody (wire §15)', async () => {
    // As the vendor's server: how apps show 'last seen' (Prosody alone answers contacts only).
    expect(await ours.getLastUserActivity(emma.chatId)).toBe(0);
    await expect(ours.getLastUserActivity(2_000_000_000)).rejects.toMatchObject({
      condition: 'item-not-found',
    });
    // Mutual subscription: the peer asks, we confirm, the peer accepts.
    const asked = nextEvent(ours, 'roster', 'subscribe');
    await peer.send(xml('presence', { to: bruno.jid, type: 'subscribe' }));
    await asked;
    const ours2peer = nextStanza(peer, (s) => s.is('presence') && s.attrs.type === 'subscribe');
    ours.roster.confirm(emma.chatId);
    await ours2peer;
    await peer.send(xml('presence', { to: bruno.jid, type: 'subscribed' }));
    await until(() => ours.contacts[emma.chatId]?.subscription === 'both', 'both');

    const events: unknown[] = [];
    ours.lastActivity.on('result', (e) => events.push(e));
    const before = await ours.getLastUserActivity(emma.chatId);
    expect(Number.isInteger(before) && before >= 0).toBe(true);
    expect(events).toEqual([{ userId: emma.chatId, seconds: before }]);
    // Counted from the user's last unavailable presence (mod_portal_users.lua).
    await peer.send(xml('presence', { type: 'unavailable' }, xml('status', {}, 'Gone for lunch')));
    await peer.iqCaller.request(
      xml('iq', { type: 'get', to: stack.chatDomain }, xml('ping', { xmlns: 'urn:xmpp:ping' })),
    );
    const justLeft = await ours.getLastUserActivity(emma.jid);
    await new Promise((resolve) => setTimeout(resolve, 2100));
    const later = await ours.getLastUserActivity(emma.jid);
    expect(justLeft).toBeLessThanOrEqual(5);
    expect(later).toBeGreaterThanOrEqual(justLeft + 2);
  });
});

describe('keep-alive', () => {
  let proxy: WsProxy;

  beforeAll(async () => {
    proxy = await startWsProxy(`ws://127.0.0.1:${stack.port}/xmpp-websocket`);
  });

  afterAll(async () => {
    await proxy?.close();
  });

  it('forces a reconnect after 7 consecutive missed pings, while other traffic still flows', async () => {
    const ours = await ourClient(
      stack,
      { member: 'fatima' },
      { service: proxy.url, keepAliveIntervalMs: 250 },
    );
    open.push(ours);
    const failures: Array<{ failures: number; message: string }> = [];
    ours.session.on('pingFailure', (e) => {
      failures.push({ failures: e.failures, message: e.error.message });
      // Let the next connection's pings through.
      if (e.failures === 7) proxy.clientToServer = (frame) => frame;
    });
    const resumed = nextEvent(ours, 'session', 'resumed', () => true, 60_000);
    proxy.clientToServer = (frame) =>
      frame.includes('urn:xmpp:ping') && frame.includes(`to="${stack.chatDomain}"`) ? null : frame;

    // Messages still arrive while the pings vanish.
    const sender = await onlinePeer(stack, 'daniela');
    peers.push(sender);
    await until(() => failures.length >= 3, 'three missed pings', 60_000);
    const during = nextEvent(ours, 'messages', 'message', (m) => m.body === 'still here');
    await sender.send(
      xml('message', { to: member('fatima').jid, type: 'chat' }, xml('body', {}, 'still here')),
    );
    await during;
    expect(proxy.connections).toBe(1);

    await resumed;
    expect(failures.map((f) => f.failures)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(new Set(failures.map((f) => f.message))).toEqual(new Set(['Chat ping No answer']));
    expect(proxy.dropped.filter((f) => f.includes('urn:xmpp:ping'))).toHaveLength(7);
    expect(proxy.connections).toBe(2);
    expect(ours.isConnected).toBe(true);
    expect(await pinged(ours)).toBeNull();
  });
});
