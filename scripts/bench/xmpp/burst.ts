/**
 * A 10,000-message burst from one client to another of the same library, as fast as the sender
 * can write: how many arrive (lost = sent − received) and the throughput until the last one.
 */
import { member } from '../../../fixtures';
import { stopPeer } from '../../../tests/support/xmpp-peer';
import type { StackInfo } from '../../../tests/support/stack';
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

const frameSizes = new Map<string, number>();
let hooked = false;

/** Records the size of WebSocket frames as both libraries write them (both use `ws`). */
function hookFrames(): void {
  if (hooked) return;
  hooked = true;
  const proto = (globalThis as unknown as { WebSocket: { prototype: { send(data: unknown): void } } })
    .WebSocket.prototype;
  const send = proto.send;
  proto.send = function (this: unknown, data: unknown, ...rest: unknown[]) {
    const text = String(data);
    const body = /<body[^>]*>(burst 5000)<\/body>/.exec(text);
    if (body) frameSizes.set(body[1]!, Buffer.byteLength(text));
    return (send as (...a: unknown[]) => void).call(this, data, ...rest);
  };
}

/** The size of the last frame that carried this body, then forgets it. */
function wireBytes(body: string): number {
  const size = frameSizes.get(body) ?? Number.NaN;
  frameSizes.delete(body);
  return size;
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

/** Counts the burst's messages as the receiver gets them; `finish` waits for them and sums up. */
function burstTally(count: number) {
  const seen = new Set<string>();
  let total = 0;
  let lastAt = 0;
  return {
    receive(body: string | null | undefined) {
      if (!body?.startsWith('burst ')) return;
      total++;
      seen.add(body);
      lastAt = performance.now();
    },
    async finish(startedAt: number, sendSeconds: number): Promise<BurstResult> {
      await settle(
        () => total,
        () => seen.size >= count,
        15_000,
      );
      return {
        sendSeconds,
        bytesPerMessage: wireBytes('burst 5000'),
        sent: count,
        received: seen.size,
        duplicates: total - seen.size,
        seconds: (lastAt - startedAt) / 1000,
      };
    },
  };
}

export async function burstOurs(stack: StackInfo, count: number): Promise<BurstResult> {
  hookFrames();
  const sender = await oursOnline(stack, 'ava');
  const receiver = await oursOnline(stack, 'bianca');
  const tally = burstTally(count);
  receiver.on('message', (m) => tally.receive(m.body));
  const t = performance.now();
  for (let i = 0; i < count; i++) sender.send(member('bianca').chatId, { body: `burst ${i}` });
  const result = await tally.finish(t, (performance.now() - t) / 1000);
  await Promise.all([sender.disconnect(), receiver.disconnect()]);
  return result;
}

export async function burstPeer(stack: StackInfo, count: number): Promise<BurstResult> {
  hookFrames();
  const sender = await peerLogin(stack, 'clara');
  const receiver = await peerLogin(stack, 'daniela');
  const tally = burstTally(count);
  receiver.on('stanza', (s) => tally.receive(s.is('message') ? s.getChildText('body') : null));
  const t = performance.now();
  const writes: Array<Promise<unknown>> = [];
  for (let i = 0; i < count; i++) writes.push(sender.send(chatMessage(member('daniela').jid, `burst ${i}`)));
  await Promise.allSettled(writes);
  const result = await tally.finish(t, (performance.now() - t) / 1000);
  await Promise.all([stopPeer(sender), stopPeer(receiver)]);
  return result;
}
