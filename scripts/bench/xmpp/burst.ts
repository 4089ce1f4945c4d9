/**
 * A 10,000-message burst from one client to another of the same library, as fast as the sender
 * can write, every message with the history extension the portal puts on it (Prosody reports each
 * to our server): how many arrive (lost = sent − received), the throughput until the last one,
 * Prosody's CPU meanwhile, and when the last history report was taken by our server.
 */
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { member } from '../../../fixtures';
import { bsonId, outboxText } from '../../../tests/support/history';
import { stopPeer } from '../../../tests/support/xmpp-peer';
import type { StackInfo } from '../../../tests/support/stack';
import { historyExtension, historyMessage, oursOnline, peerLogin } from './clients';

export interface BurstResult {
  /** Seconds the sender spent handing all messages to its library. */
  sendSeconds: number;
  /** Size of one message on the wire, in bytes. */
  bytesPerMessage: number;
  sent: number;
  received: number;
  duplicates: number;
  seconds: number;
  /** Prosody's CPU (user + system) from the first message to the last one received, ms. */
  prosodyCpuMs: number;
  /** Seconds from the first message until our server had taken every history report. */
  historySeconds: number;
}

/** Which Prosody the burst goes through: its WebSocket (default: our server's port), pid, data. */
export interface BurstTarget {
  service?: string;
  prosodyPid: number;
  dataDir: string;
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
    const body = /<body[^>]*>(burst [0-9a-f]{4} 500)<\/body>/.exec(text);
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

/** Clock ticks per second of /proc/<pid>/stat on Linux. */
const TICKS = 100;

export async function cpuMs(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat(5); index 11 and 12 after the command name.
  return ((Number(fields[11]) + Number(fields[12])) / TICKS) * 1000;
}

/** Waits until `done()` or until nothing has arrived for `idleMs`. */
async function settle(progress: () => number, done: () => boolean, idleMs: number): Promise<void> {
  let last = progress();
  let lastChange = performance.now();
  while (!done()) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const now = progress();
    if (now !== last) {
      last = now;
      lastChange = performance.now();
    } else if (performance.now() - lastChange > idleMs) return;
  }
}

/** Seconds since `startedAt` when the history outbox is empty (every report taken by our server). */
async function historyDrained(stack: StackInfo, target: BurstTarget, startedAt: number): Promise<number> {
  const deadline = performance.now() + 5 * 60_000;
  while (performance.now() < deadline) {
    if ((await outboxText(target.dataDir, stack.chatDomain)) === '')
      return (performance.now() - startedAt) / 1000;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Number.NaN;
}

/**
 * A mark of one burst, the same width every time (the bytes per message stay comparable): a
 * receiver may also get copies of an earlier burst's messages — what a reference client closed
 * without acknowledging goes to offline storage (docs/prosody.md "Other modules of ours") and
 * comes with its next login — and those are not this burst's.
 */
const burstMark = () => randomBytes(2).toString('hex');

/** Counts the burst's messages as the receiver gets them; `finish` waits for them and sums up. */
function burstTally(stack: StackInfo, target: BurstTarget, count: number) {
  const mark = burstMark();
  const prefix = `burst ${mark} `;
  const seen = new Set<string>();
  let total = 0;
  let lastAt = 0;
  let cpuAtLast: Promise<number> | null = null;
  return {
    /** The body of message `i` of this burst. */
    body: (i: number) => `${prefix}${i}`,
    receive(body: string | null | undefined) {
      if (!body?.startsWith(prefix)) return;
      total++;
      seen.add(body);
      lastAt = performance.now();
      if (seen.size === count) cpuAtLast = cpuMs(target.prosodyPid);
    },
    async finish(startedAt: number, cpuAtStart: number, sendSeconds: number): Promise<BurstResult> {
      await settle(
        () => total,
        () => seen.size >= count,
        15_000,
      );
      const cpuAtEnd = await (cpuAtLast ?? cpuMs(target.prosodyPid));
      return {
        sendSeconds,
        bytesPerMessage: wireBytes(`${prefix}500`),
        sent: count,
        received: seen.size,
        duplicates: total - seen.size,
        seconds: (lastAt - startedAt) / 1000,
        prosodyCpuMs: cpuAtEnd - cpuAtStart,
        historySeconds: await historyDrained(stack, target, startedAt),
      };
    },
  };
}

export async function burstOurs(stack: StackInfo, count: number, target: BurstTarget): Promise<BurstResult> {
  hookFrames();
  const sender = await oursOnline(stack, 'ava', target.service);
  const receiver = await oursOnline(stack, 'bianca', target.service);
  const tally = burstTally(stack, target, count);
  receiver.messages.on('message', (m) => tally.receive(m.body));
  const extension = historyExtension(bsonId());
  const cpuAtStart = await cpuMs(target.prosodyPid);
  const t = performance.now();
  for (let i = 0; i < count; i++) sender.send(member('bianca').chatId, { body: tally.body(i), extension });
  const result = await tally.finish(t, cpuAtStart, (performance.now() - t) / 1000);
  await Promise.all([sender.disconnect(), receiver.disconnect()]);
  return result;
}

export async function burstPeer(stack: StackInfo, count: number, target: BurstTarget): Promise<BurstResult> {
  hookFrames();
  const sender = await peerLogin(stack, 'clara', target.service);
  const receiver = await peerLogin(stack, 'daniela', target.service);
  const tally = burstTally(stack, target, count);
  receiver.on('stanza', (s) => tally.receive(s.is('message') ? s.getChildText('body') : null));
  const dialog = bsonId();
  const to = member('daniela').jid;
  const cpuAtStart = await cpuMs(target.prosodyPid);
  const t = performance.now();
  const writes: Array<Promise<unknown>> = [];
  // The same id as ours sends: a 24-hex ObjectId, new for every message (docs/wire/hosted-chat.md §14.2).
  for (let i = 0; i < count; i++)
    writes.push(sender.send(historyMessage(to, tally.body(i), bsonId(), dialog)));
  await Promise.allSettled(writes);
  const result = await tally.finish(t, cpuAtStart, (performance.now() - t) / 1000);
  await Promise.all([stopPeer(sender), stopPeer(receiver)]);
  return result;
}
