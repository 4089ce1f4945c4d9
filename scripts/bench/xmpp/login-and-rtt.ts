/**
 * Login-to-online (connect, authenticate, bind, roster, presence) and message round trip
 * (A → B, B echoes, A receives), ours next to @xmpp/client on the same Prosody (docs/architecture.md §4).
 */
import { member } from '../../../fixtures';
import { stopPeer } from '../../../tests/support/xmpp-peer';
import type { StackInfo } from '../../../tests/support/stack';
import { quantile } from '../bench';
import { chatMessage, ours, oursOnline, peerLogin } from './clients';

export async function loginTimes(
  stack: StackInfo,
  runs: number,
): Promise<{ ours: number[]; peer: number[] }> {
  const oursTimes: number[] = [];
  const peerTimes: number[] = [];
  const emma = member('emma');
  for (let i = 0; i < runs; i++) {
    const client = ours(stack);
    let t = performance.now();
    await client.connect({ userId: emma.chatId, password: emma.chatPassword });
    oursTimes.push(performance.now() - t);
    await client.disconnect();
    t = performance.now();
    const peer = await peerLogin(stack, 'fatima');
    peerTimes.push(performance.now() - t);
    await stopPeer(peer);
  }
  return { ours: oursTimes, peer: peerTimes };
}

/** Round trips after this many unmeasured ones, so neither library is timed while its code warms up. */
const WARM_UP = 20;

export async function roundTrips(
  stack: StackInfo,
  runs: number,
): Promise<{ ours: number[]; peer: number[] }> {
  // Ours: ava asks, bianca echoes — both our client.
  const a = await oursOnline(stack, 'ava');
  const b = await oursOnline(stack, 'bianca');
  b.messages.on('message', (m) => {
    if (m.body?.startsWith('ping ')) b.send(m.userId!, { body: `pong ${m.body.slice(5)}` });
  });
  const oursOnce = async (i: number): Promise<number> => {
    const t = performance.now();
    const back = new Promise<void>((resolve) => {
      const off = a.messages.on('message', (m) => {
        if (m.body === `pong ${i}`) {
          off();
          resolve();
        }
      });
    });
    a.send(member('bianca').chatId, { body: `ping ${i}` });
    await back;
    return performance.now() - t;
  };

  // Reference: clara asks, daniela echoes — both @xmpp/client.
  const c = await peerLogin(stack, 'clara');
  const d = await peerLogin(stack, 'daniela');
  d.on('stanza', (s) => {
    const body = s.is('message') ? s.getChildText('body') : null;
    if (body?.startsWith('ping ')) void d.send(chatMessage(member('clara').jid, `pong ${body.slice(5)}`));
  });
  const peerOnce = async (i: number): Promise<number> => {
    const t = performance.now();
    const back = new Promise<void>((resolve) => {
      const listener = (s: { is(n: string): boolean; getChildText(n: string): string | null }) => {
        if (s.is('message') && s.getChildText('body') === `pong ${i}`) {
          c.removeListener('stanza', listener);
          resolve();
        }
      };
      c.on('stanza', listener);
    });
    await c.send(chatMessage(member('daniela').jid, `ping ${i}`));
    await back;
    return performance.now() - t;
  };

  // Interleaved, each library first every other time: a busy moment of a shared machine falls on
  // both alike instead of on whichever ran then.
  const oursTimes: number[] = [];
  const peerTimes: number[] = [];
  for (let i = -WARM_UP; i < runs; i++) {
    const n = i + WARM_UP;
    const [first, second] = i % 2 === 0 ? [oursOnce, peerOnce] : [peerOnce, oursOnce];
    const x = await first(n);
    const y = await second(n);
    if (i < 0) continue;
    oursTimes.push(first === oursOnce ? x : y);
    peerTimes.push(first === oursOnce ? y : x);
  }
  await Promise.all([a.disconnect(), b.disconnect(), stopPeer(c), stopPeer(d)]);
  return { ours: oursTimes, peer: peerTimes };
}

export const p = (values: number[]) => ({ p50: quantile(values, 0.5), p99: quantile(values, 0.99) });
