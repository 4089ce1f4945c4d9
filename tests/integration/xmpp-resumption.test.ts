/**
 * Stream resumption (XEP-0198 §5) beyond the vendor SDK, on the real Prosody: while 500
 * messages flow each way between src/xmpp (behind a proxy we control) and @xmpp/client, the
 * proxy cuts our socket mid-stream: frames we send from then on are lost, stanzas on their way
 * to us are lost. The stream resumes, and every message is delivered exactly once in both
 * directions — also those we wrote while the socket was down. A fence message sent after the
 * last one proves no duplicate is still on its way.
 *
 * The cut leaves no half frame at the server (see WsProxy.cutBetweenFrames): Prosody 0.12.3
 * reads a resumed session through the dropped connection's frame buffer, so half a frame there
 * corrupts the resumed stream and Prosody closes it (not-well-formed). That is a server bug,
 * outside src/xmpp; a cut through a frame fails this test on Prosody 0.12.3 as it stands.
 */
import { xml } from '@xmpp/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { member } from '../../fixtures';
import type { ChatClient } from '../../src/xmpp';
import { nextEvent, nextStanza, onlinePeer, ourClient, until, type Peer } from '../support/chat-harness';
import { startWsProxy, type WsProxy } from '../support/ws-proxy';
import { stopPeer } from '../support/xmpp-peer';

const stack = inject('stack');
const COUNT = 500;
const emma = member('emma');
const ava = member('ava');
let proxy: WsProxy;
let ours: ChatClient;
let peer: Peer;

beforeAll(async () => {
  proxy = await startWsProxy(`ws://127.0.0.1:${stack.port}/xmpp-websocket`);
  peer = await onlinePeer(stack, 'ava', { resource: 'resume' });
  ours = await ourClient(stack, { member: 'emma' }, { service: proxy.url });
});

afterAll(async () => {
  await ours?.disconnect();
  if (peer) await stopPeer(peer);
  await proxy?.close();
});

const pause = () => new Promise((resolve) => setTimeout(resolve, 2));

describe('resumption after a cut socket', () => {
  it('delivers each of 500 messages per direction exactly once', { timeout: 120_000 }, async () => {
    const atOurs: string[] = [];
    const atPeer: string[] = [];
    ours.on('message', (m) => {
      if (m.body?.startsWith('p-')) atOurs.push(m.body);
    });
    peer.on('stanza', (s) => {
      const body = s.is('message') ? s.getChildText('body') : null;
      if (body?.startsWith('o-')) atPeer.push(body);
    });
    const events: string[] = [];
    ours.on('resumed', () => events.push('resumed'));
    ours.on('resumeFailed', () => events.push('resumeFailed'));
    ours.on('reconnect', () => events.push('reconnect'));
    const resumed = nextEvent(ours, 'resumed', () => true, 60_000);

    // Both sides send half, the proxy cuts, then both send the rest at once: the cut is
    // mid-stream by construction, and our second half starts while our socket goes down.
    let cutting: Promise<void> | null = null;
    const halfway = async () => {
      while (!cutting) await pause();
      await cutting;
    };
    const oursSending = (async () => {
      for (let i = 0; i < COUNT; i += 10) {
        if (i === COUNT / 2) await halfway();
        for (let j = i; j < i + 10; j++) ours.send(ava.jid, { body: `o-${j}` });
        await pause();
      }
    })();
    const peerSending = (async () => {
      for (let i = 0; i < COUNT; i += 10) {
        if (i === COUNT / 2) await halfway();
        for (let j = i; j < i + 10; j++) {
          await peer.send(
            xml('message', { to: emma.jid, type: 'chat', id: `p-${j}` }, xml('body', {}, `p-${j}`)),
          );
        }
        await pause();
      }
    })();

    await until(() => atOurs.length >= COUNT / 4 && atPeer.length >= COUNT / 4, 'traffic both ways', 60_000);
    cutting = proxy.cutBetweenFrames();
    await cutting;
    await Promise.all([oursSending, peerSending]);
    const { resent } = await resumed;

    await until(
      () => new Set(atOurs).size === COUNT && new Set(atPeer).size === COUNT,
      'all messages',
      60_000,
    );
    // Fences: anything still on its way would arrive before them.
    const fenceAtPeer = nextStanza(peer, (s) => s.is('message') && s.getChildText('body') === 'fence-o');
    const fenceAtOurs = nextEvent(ours, 'message', (m) => m.body === 'fence-p');
    ours.send(ava.jid, { body: 'fence-o' });
    await peer.send(xml('message', { to: emma.jid, type: 'chat' }, xml('body', {}, 'fence-p')));
    await Promise.all([fenceAtPeer, fenceAtOurs]);

    const expected = (prefix: string) => Array.from({ length: COUNT }, (_, i) => `${prefix}-${i}`).sort();
    expect([...atOurs].sort()).toEqual(expected('p'));
    expect([...atPeer].sort()).toEqual(expected('o'));
    expect(events).toEqual(['resumed']);
    expect(proxy.connections).toBe(2);
    // Stanzas of ours were unacknowledged across the cut and went out again, once.
    expect(resent).toBeGreaterThan(0);
  });
});
