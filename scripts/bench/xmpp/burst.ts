/**
 * A 10,000-message burst from one client to another of the same library, as fast as the sender
 * can write: how many arrive (lost = sent − received) and the throughput until the last one.
 */
import { member } from '../../../fixtures';
import { stopPeer } from '../../../tests/support/xmpp-peer';
import type { StackInfo } from '../../../tests/support/stack';
import { buildChatMessage } from '../../../src/xmpp/messages/build';
import { chatMessage, oursOnline, peerLogin } from './clients';

export interface BurstResult {
  /** Seconds the sender spent handing all messages to its library. */
  sendSeconds: number;
  /** Size of one message on the wire, in bytes. */
  bytesPerMessage: number;
  sent: number;
  received: number;
  duplicates: number;
  seconds: number;
}

/** Waits until `done()` or until nothing has arrived for `idleMs`. */
async function settle(progress: () => number, done: () => boolean, idleMs: number): Promise<void> {
  let last = progress();
  let lastChange = performance.now();
  while (!done()) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    const now = progress();
    if (now !== last) {
      last = now;
      lastChange = performance.now();
    } else if (performance.now() - lastChange > idleMs) return;
  }
}

export async function burstOurs(stack: StackInfo, count: number): Promise<BurstResult> {
  const sender = await oursOnline(stack, 'ava');
  const receiver = await oursOnline(stack, 'bianca');
  const seen = new Set<string>();
  let total = 0;
  let lastAt = 0;
  receiver.on('message', (m) => {
    if (!m.body?.startsWith('burst ')) return;
    total++;
    seen.add(m.body);
    lastAt = performance.now();
  });
  const t = performance.now();
  for (let i = 0; i < count; i++) sender.send(member('bianca').chatId, { body: `burst ${i}` });
  const sendSeconds = (performance.now() - t) / 1000;
  const sample = buildChatMessage({
    id: '6b0235fb5d4e213bc805fba9',
    to: member('bianca').jid,
    type: 'chat',
    from: sender.jid,
    body: 'burst 5000',
  });
  await settle(
    () => total,
    () => seen.size >= count,
    15_000,
  );
  const result = {
    sendSeconds,
    bytesPerMessage: sample.clone({ xmlns: 'jabber:client' }).toString().length,
    sent: count,
    received: seen.size,
    duplicates: total - seen.size,
    seconds: (lastAt - t) / 1000,
  };
  await Promise.all([sender.disconnect(), receiver.disconnect()]);
  return result;
}

export async function burstPeer(stack: StackInfo, count: number): Promise<BurstResult> {
  const sender = await peerLogin(stack, 'clara');
  const receiver = await peerLogin(stack, 'daniela');
  const seen = new Set<string>();
  let total = 0;
  let lastAt = 0;
  receiver.on('stanza', (s) => {
    const body = s.is('message') ? s.getChildText('body') : null;
    if (!body?.startsWith('burst ')) return;
    total++;
    seen.add(body);
    lastAt = performance.now();
  });
  const t = performance.now();
  const writes: Array<Promise<unknown>> = [];
  for (let i = 0; i < count; i++) writes.push(sender.send(chatMessage(member('daniela').jid, `burst ${i}`)));
  await Promise.allSettled(writes);
  const sendSeconds = (performance.now() - t) / 1000;
  await settle(
    () => total,
    () => seen.size >= count,
    15_000,
  );
  const result = {
    sendSeconds,
    bytesPerMessage: chatMessage(member('daniela').jid, 'burst 5000').toString().length,
    sent: count,
    received: seen.size,
    duplicates: total - seen.size,
    seconds: (lastAt - t) / 1000,
  };
  await Promise.all([stopPeer(sender), stopPeer(receiver)]);
  return result;
}
