/**
 * Forced socket drops of a member client (src/xmpp in Node, the stack the member simulator runs)
 * in the middle of a two-way conversation with another member's client (@xmpp/client): a
 * loopback proxy cuts the WebSocket without a close (WsProxy.cutBetweenFrames, and every fourth
 * time through a frame, WsProxy.cutThroughFrame); both sides keep writing while it is down.
 * Every message must arrive exactly once (XEP-0198 resumption, docs/reliability.md).
 */
import { performance } from 'node:perf_hooks';
import { xml } from '@xmpp/client';
import { member } from '../../../fixtures';
import type { ChatClient } from '../../../src/xmpp';
import { nextEvent, nextStanza, onlinePeer, ourClient, type Element } from '../../support/chat-harness';
import { startWsProxy } from '../../support/ws-proxy';
import { stopPeer } from '../../support/xmpp-peer';
import { sleep, within, type SuiteContext } from '../context';
import { p50p99, tally, whichOnes, type Row } from '../table';

const ava = member('ava');
const emma = member('emma');

/** Resolves with the event that ended the outage: 'resumed' (XEP-0198) or 'reconnect' (fresh login). */
export function backOnline(client: ChatClient): Promise<'resumed' | 'reconnect'> {
  return new Promise((resolve) => {
    const offs = [
      client.session.on('resumed', () => done('resumed')),
      client.on('reconnect', () => done('reconnect')),
    ];
    const done = (how: 'resumed' | 'reconnect') => {
      offs.forEach((off) => off());
      resolve(how);
    };
  });
}

export async function nodeDrops({ stack, counts, log }: SuiteContext): Promise<Row> {
  const runs = counts.nodeDrops;
  const proxy = await startWsProxy(`ws://127.0.0.1:${stack.port}/xmpp-websocket`);
  const peer = await onlinePeer(stack, 'ava', { resource: 'fault-suite' });
  const ours = await ourClient(stack, { member: 'emma' }, { service: proxy.url });
  const sentByOurs: string[] = [];
  const sentByPeer: string[] = [];
  const atOurs: string[] = [];
  const atPeer: string[] = [];
  const resumeMs: number[] = [];
  let freshLogins = 0;
  let refused = 0;
  ours.messages.on('message', (m) => {
    if (m.body?.startsWith('nd-p')) atOurs.push(m.body);
  });
  peer.on('stanza', (s: Element) => {
    const body = s.is('message') ? s.getChildText('body') : null;
    if (body?.startsWith('nd-o')) atPeer.push(body);
  });
  const oursSays = (text: string) => {
    try {
      ours.send(ava.jid, { body: text });
      sentByOurs.push(text);
    } catch {
      // Offline and not resumable: the client refused it (the portal's outbox keeps such ones).
      refused++;
    }
  };
  const peerSays = async (text: string) => {
    sentByPeer.push(text);
    await peer.send(xml('message', { to: emma.jid, type: 'chat', id: text }, xml('body', {}, text)));
  };

  try {
    for (let i = 0; i < runs; i++) {
      for (let k = 0; k < 2; k++) {
        oursSays(`nd-o${i}.${k}`);
        await peerSays(`nd-p${i}.${k}`);
      }
      const back = backOnline(ours);
      const started = performance.now();
      if (i % 4 === 3) {
        const cut = proxy.cutThroughFrame();
        oursSays(`nd-o${i}.cut`);
        await cut;
      } else {
        await proxy.cutBetweenFrames();
      }
      // Both sides keep writing while the socket is down.
      for (let k = 2; k < 4; k++) {
        oursSays(`nd-o${i}.${k}`);
        await peerSays(`nd-p${i}.${k}`);
      }
      const how = await within(back, 30_000, `the member client back after drop ${i + 1}`);
      resumeMs.push(performance.now() - started);
      if (how === 'reconnect') freshLogins++;
      if ((i + 1) % 25 === 0) log(`  member client: ${i + 1}/${runs} drops`);
    }
    // Fences: anything still on its way arrives before them.
    const fenceAtPeer = nextStanza(peer, (s) => s.is('message') && s.getChildText('body') === 'nd-fence-o');
    const fenceAtOurs = nextEvent(ours, 'messages', 'message', (m) => m.body === 'nd-fence-p');
    ours.send(ava.jid, { body: 'nd-fence-o' });
    await peerSays('nd-fence-p');
    sentByPeer.pop();
    await within(Promise.all([fenceAtPeer, fenceAtOurs]), 30_000, 'the fences');
    await sleep(200);
  } finally {
    await ours.disconnect().catch(() => undefined);
    await stopPeer(peer);
    await proxy.close();
  }
  const toPeer = tally(sentByOurs, atPeer);
  const toOurs = tally(sentByPeer, atOurs);
  const lost = toPeer.lost + toOurs.lost;
  const duplicated = toPeer.duplicated + toOurs.duplicated;
  const notes = [`${sentByOurs.length + sentByPeer.length} messages`];
  if (freshLogins) notes.push(`${freshLogins} fresh logins instead of resumption`);
  if (refused) notes.push(`${refused} sends refused offline`);
  notes.push(...whichOnes(toPeer, 'at the peer'), ...whichOnes(toOurs, 'at the member client'));
  return {
    scenario: 'socket drops mid-conversation, member client (Node)',
    runs,
    lost,
    duplicated,
    timing: p50p99('resume', resumeMs),
    verdict: lost === 0 && duplicated === 0 ? 'pass' : 'FAIL',
    note: notes.join('; '),
  };
}
