/**
 * Stream resumption (XEP-0198 §5) beyond the vendor SDK, on the real Prosody: while 500
 * messages flow each way between src/xmpp (behind a proxy we control) and @xmpp/client, the
 * proxy cuts our socket mid-stream: frames we send from then on are lost, stanzas on their way
 * to us are lost. The stream resumes, and every message is delivered exactly once in both
 * directions — also those we wrote while the socket was down. A fence message sent after the
 * last one proves no duplicate is still on its way, and another session coming online afterwards
 * proves none was kept in offline storage for later.
 *
 * Two cuts: a clean one (WsProxy.cutBetweenFrames: the server reads every whole frame, then
 * EOF), and an abrupt one through a frame (WsProxy.cutThroughFrame: half of one of our frames
 * reaches the server, then the connection ends), as a network failure mid-write does. Prosody
 * 0.12.3 alone resumes a session through the dropped connection's frame buffer, where that half
 * frame corrupts the resumed stream (not-well-formed); the stack's mod_portal_smacks_resume.lua
 * gives the resumed session the new connection's reader, and the second test holds it to that.
 */
import { xml } from '@xmpp/client';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { member } from '../../fixtures';
import type { ChatClient } from '../../src/xmpp';
import {
  nextEvent,
  nextStanza,
  onlinePeer,
  ourClient,
  until,
  type Element,
  type Peer,
} from '../support/chat-harness';
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

/**
 * Sends COUNT messages each way with `tag` in the bodies, cuts halfway with `cut`, and checks
 * that every message arrived exactly once and the stream was resumed (not logged in afresh).
 */
async function burstAcrossCut(tag: string, cut: () => Promise<void>): Promise<void> {
  const mine = `o${tag}-`;
  const theirs = `p${tag}-`;
  const atOurs: string[] = [];
  const atPeer: string[] = [];
  const offOurs = ours.messages.on('message', (m) => {
    if (m.body?.startsWith(theirs)) atOurs.push(m.body);
  });
  const onPeer = (s: Element) => {
    const body = s.is('message') ? s.getChildText('body') : null;
    if (body?.startsWith(mine)) atPeer.push(body);
  };
  peer.on('stanza', onPeer);
  const events: string[] = [];
  const offs = [
    ours.session.on('resumed', () => events.push('resumed')),
    ours.session.on('resumeFailed', () => events.push('resumeFailed')),
    ours.on('reconnect', () => events.push('reconnect')),
  ];
  const resumed = nextEvent(ours, 'session', 'resumed', () => true, 60_000);
  const connectionsBefore = proxy.connections;

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
      for (let j = i; j < i + 10; j++) ours.send(ava.jid, { body: `${mine}${j}` });
      await pause();
    }
  })();
  const peerSending = (async () => {
    for (let i = 0; i < COUNT; i += 10) {
      if (i === COUNT / 2) await halfway();
      for (let j = i; j < i + 10; j++) {
        await peer.send(
          xml(
            'message',
            { to: emma.jid, type: 'chat', id: `${theirs}${j}` },
            xml('body', {}, `${theirs}${j}`),
          ),
        );
      }
      await pause();
    }
  })();

  await until(() => atOurs.length >= COUNT / 4 && atPeer.length >= COUNT / 4, 'traffic both ways', 60_000);
  cutting = cut();
  await cutting;
  await Promise.all([oursSending, peerSending]);
  const { resent } = await resumed;

  await until(() => new Set(atOurs).size === COUNT && new Set(atPeer).size === COUNT, 'all messages', 60_000);
  // Fences: anything still on its way would arrive before them.
  const fenceAtPeer = nextStanza(peer, (s) => s.is('message') && s.getChildText('body') === `fence-${mine}`);
  const fenceAtOurs = nextEvent(ours, 'messages', 'message', (m) => m.body === `fence-${theirs}`);
  ours.send(ava.jid, { body: `fence-${mine}` });
  await peer.send(xml('message', { to: emma.jid, type: 'chat' }, xml('body', {}, `fence-${theirs}`)));
  await Promise.all([fenceAtPeer, fenceAtOurs]);
  offOurs();
  peer.removeListener('stanza', onPeer);
  offs.forEach((off) => off());
  // Nor was a copy kept for later: a write that met the dropped connection left the stanza to
  // stream management, not to offline storage (mod_portal_smacks_resume.lua), so another session
  // of Emma's, coming online now, is given none of them before a fence sent after it came.
  const later = await onlinePeer(stack, 'emma', { resource: `later${tag}` });
  const keptOffline: string[] = [];
  later.on('stanza', (s: Element) => {
    const body = s.is('message') ? s.getChildText('body') : null;
    if (body?.startsWith(theirs)) keptOffline.push(body);
  });
  const laterFence = nextStanza(
    later,
    (s) => s.is('message') && s.getChildText('body') === `late-fence-${theirs}`,
  );
  await peer.send(
    xml('message', { to: `${emma.jid}/later${tag}`, type: 'chat' }, xml('body', {}, `late-fence-${theirs}`)),
  );
  await laterFence;
  await stopPeer(later);
  expect(keptOffline).toEqual([]);

  const expected = (prefix: string) => Array.from({ length: COUNT }, (_, i) => `${prefix}${i}`).sort();
  expect([...atOurs].sort()).toEqual(expected(theirs));
  expect([...atPeer].sort()).toEqual(expected(mine));
  expect(events).toEqual(['resumed']);
  expect(proxy.connections).toBe(connectionsBefore + 1);
  // Stanzas of ours were unacknowledged across the cut and went out again, once.
  expect(resent).toBeGreaterThan(0);
}

describe('resumption after a cut socket', () => {
  it('delivers each of 500 messages per direction exactly once (clean cut)', { timeout: 120_000 }, () =>
    burstAcrossCut('', () => proxy.cutBetweenFrames()),
  );

  it(
    'delivers each of 500 messages per direction exactly once when the cut goes through a frame',
    { timeout: 120_000 },
    () => burstAcrossCut('x', () => proxy.cutThroughFrame()),
  );
});
