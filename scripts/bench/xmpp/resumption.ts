/**
 * Stream resumption after a dropped socket (docs/architecture.md §4): the time from the cut to the resumed
 * stream, with a stream of messages each way across the cut and the count of lost and
 * duplicated ones; @xmpp/client (reconnect delay 0) through the same kind of proxy as reference.
 */
import { client as xmppClient } from '@xmpp/client';
import { member } from '../../../fixtures';
import { nextEvent, until } from '../../../tests/support/chat-harness';
import type { StackInfo } from '../../../tests/support/stack';
import { startWsProxy } from '../../../tests/support/ws-proxy';
import { stopPeer } from '../../../tests/support/xmpp-peer';
import { chatMessage, ours, onlinePeer } from './clients';

export interface ResumeResult {
  ms: number;
  lost: number;
  duplicated: number;
}

const PER_DIRECTION = 200;
const pause = () => new Promise((resolve) => setTimeout(resolve, 2));

/**
 * One abrupt cut of our client's socket (no close frame, no XMPP close). With `traffic`, 200
 * messages flow each way and the cut goes through one of our frames, as a network failure
 * mid-write does (for lost/duplicated counts; the server is busy storing them, so this time is
 * not the reference's); without, the cut is quiet, as for the reference.
 */
export async function resumeOurs(stack: StackInfo, traffic: boolean): Promise<ResumeResult> {
  const proxy = await startWsProxy(`ws://127.0.0.1:${stack.port}/xmpp-websocket`);
  const peer = await onlinePeer(stack, 'ava', { resource: `bench-${Date.now()}` });
  const emma = member('emma');
  const client = ours(stack, proxy.url);
  await client.connect({ userId: emma.chatId, password: emma.chatPassword });
  const atOurs: string[] = [];
  const atPeer: string[] = [];
  client.messages.on('message', (m) => m.body?.startsWith('r-p') && atOurs.push(m.body));
  peer.on('stanza', (s) => {
    const body = s.is('message') ? s.getChildText('body') : null;
    if (body?.startsWith('r-o')) atPeer.push(body);
  });
  // The moment the stream is back, taken when the event fires.
  const resumedAt = nextEvent(client, 'session', 'resumed', () => true, 60_000).then(() => performance.now());
  let cutAt = 0;
  const send = async (half: 0 | 1) => {
    for (let i = half * (PER_DIRECTION / 2); i < (half + 1) * (PER_DIRECTION / 2); i++) {
      client.send(member('ava').jid, { body: `r-o${i}` });
      await peer.send(chatMessage(emma.jid, `r-p${i}`));
      if (i % 10 === 9) await pause();
    }
  };
  if (traffic) await send(0);
  if (traffic) {
    // The cut happens on our next frame, so our second half starts it.
    const cutting = proxy.cutThroughFrame().then(() => {
      cutAt = performance.now();
    });
    await Promise.all([cutting, send(1)]);
  } else {
    proxy.cut();
    cutAt = performance.now();
  }
  const ms = (await resumedAt) - cutAt;
  if (!traffic) {
    await client.disconnect();
    await stopPeer(peer);
    await proxy.close();
    return { ms, lost: 0, duplicated: 0 };
  }
  await until(
    () => new Set(atOurs).size === PER_DIRECTION && new Set(atPeer).size === PER_DIRECTION,
    'delivery',
    30_000,
  ).catch(() => undefined);
  await new Promise((resolve) => setTimeout(resolve, 300));
  const lost = 2 * PER_DIRECTION - new Set(atOurs).size - new Set(atPeer).size;
  const duplicated = atOurs.length - new Set(atOurs).size + atPeer.length - new Set(atPeer).size;
  await client.disconnect();
  await stopPeer(peer);
  await proxy.close();
  return { ms, lost, duplicated };
}

/** @xmpp/client through the same proxy: reconnect at once and resume (XEP-0198). */
export async function resumePeer(stack: StackInfo): Promise<number | null> {
  const proxy = await startWsProxy(`ws://127.0.0.1:${stack.port}/xmpp-websocket`);
  const fatima = member('fatima');
  const xmpp = xmppClient({
    service: proxy.url,
    domain: stack.chatDomain,
    resource: `bench-${Date.now()}`,
    credentials: (authenticate: (c: object, m: string) => Promise<void>) =>
      authenticate({ username: `${fatima.chatId}-${stack.appId}`, password: fatima.chatPassword }, 'PLAIN'),
  } as unknown as Parameters<typeof xmppClient>[0]);
  xmpp.on('error', () => undefined);
  (xmpp.reconnect as unknown as { delay: number }).delay = 0;
  const sm = xmpp.streamManagement as unknown as { enabled: boolean; on(e: string, f: () => void): void };
  try {
    await xmpp.start();
    await until(() => sm.enabled, 'stream management');
    const resumed = new Promise<void>((resolve) => sm.on('resumed', resolve));
    proxy.cut();
    const t = performance.now();
    const ok = await Promise.race([
      resumed.then(() => true),
      new Promise<boolean>((r) => setTimeout(() => r(false), 20_000)),
    ]);
    return ok ? performance.now() - t : null;
  } finally {
    xmpp.reconnect.stop();
    await stopPeer(xmpp);
    await proxy.close();
  }
}
