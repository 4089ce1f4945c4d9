/**
 * Prosody killed with SIGKILL while a provider and a member chat in a group dialog (both src/xmpp
 * in Node): the server's supervisor starts it again (src/server/prosody/supervisor.ts), both
 * clients log in again within 5 s of the restart, re-join the room and re-send presence (the room
 * lists both online), chat flows both ways, and every message Prosody acknowledged before it died
 * is in the history once (mod_portal_history's on-disk queue, docs/prosody.md "Reporting messages
 * to our server").
 */
import { performance } from 'node:perf_hooks';
import { provider } from '../../../fixtures';
import type { ChatClient } from '../../../src/xmpp';
import { nextEvent, ourClient, until } from '../../support/chat-harness';
import { isRunning, prosodyPid } from '../../support/history';
import { qbClient, type Loose } from '../../support/qb';
import { poll, within, type SuiteContext } from '../context';
import { historyHolding } from '../history';
import { ms, percentile, tally, whichOnes, type Row } from '../table';
import { backOnline } from './node-drops';

const BACK_WITHIN_MS = 5_000;

export async function prosodyKills({ stack, counts, log }: SuiteContext): Promise<Row> {
  const runs = counts.prosodyKills;
  const qb = qbClient(stack.url);
  const claraToken = await qb.memberSession('clara');
  const dialogs = (await qb.call('GET', '/chat/Dialog.json', { token: claraToken })).body.items as Loose[];
  const group = dialogs.find((d) => d.type === 2 && d.occupants_ids.includes(provider('amelia').chatId));
  if (!group) throw new Error('The seed has no group dialog of Clara and Amelia');
  const dialog = { id: String(group._id), type: 2 as const, memberId: null };
  const clients: ChatClient[] = [
    await ourClient(stack, { member: 'clara' }),
    await ourClient(stack, { provider: 'amelia' }),
  ];
  const ids = clients.map((c) => c.userId!);
  const acked = new Set<string>();
  const seen: string[][] = clients.map(() => []);
  clients.forEach((client, n) => {
    client.session.on('acked', ({ id }) => acked.add(id));
    client.messages.on('message', (m) => {
      if (m.body?.startsWith('pk-') && m.userId !== client.userId) seen[n]!.push(m.body);
    });
  });
  const sent: string[] = [];
  const liveExpected: string[][] = clients.map(() => []);
  const say = (from: number, text: string) => {
    const id = clients[from]!.messages.sendToDialog(dialog, { body: text });
    sent.push(id);
    liveExpected[1 - from]!.push(text);
    return id;
  };
  const restartDelays: number[] = [];
  const backAfterRestart: number[] = [];
  let late = 0;
  try {
    for (const client of clients) await client.muc.join(dialog.id);
    for (let i = 0; i < runs; i++) {
      const before = [say(0, `pk-${i}-a`), say(1, `pk-${i}-b`)];
      await until(() => before.every((id) => acked.has(id)), 'the acks before the kill', 10_000);
      const oldPid = (await prosodyPid(stack.dataDir))!;
      const backs = clients.map(backOnline);
      const killed = performance.now();
      process.kill(oldPid, 'SIGKILL');
      // A message written in the moment Prosody dies: sent again after the login (resumeFailed salvage).
      say(0, `pk-${i}-c`);
      await poll(
        async () => {
          const pid = await prosodyPid(stack.dataDir);
          return pid !== null && pid !== oldPid && isRunning(pid);
        },
        'Prosody restarted',
        60_000,
      );
      const restartedAt = performance.now();
      await within(Promise.all(backs), 60_000, 'both clients back after the restart');
      const back = performance.now();
      restartDelays.push(restartedAt - killed);
      backAfterRestart.push(back - restartedAt);
      if (back - restartedAt > BACK_WITHIN_MS) late++;
      // Rooms re-joined and presence re-sent: the room lists both online.
      const online = await clients[0]!.muc.listOnlineUsers(dialog.id);
      if (!ids.every((id) => online.includes(id)))
        throw new Error(`After kill ${i + 1} the room lists ${online.join(', ')}, not ${ids.join(', ')}`);
      // Chat flows both ways.
      const atB = nextEvent(clients[1]!, 'messages', 'message', (m) => m.body === `pk-${i}-d`, 10_000);
      const atA = nextEvent(clients[0]!, 'messages', 'message', (m) => m.body === `pk-${i}-e`, 10_000);
      say(0, `pk-${i}-d`);
      say(1, `pk-${i}-e`);
      await within(Promise.all([atA, atB]), 10_000, 'chat both ways after the restart');
      log(
        `  Prosody kill ${i + 1}/${runs}: restarted after ${ms(restartDelays.at(-1)!)}, chat back ${ms(backAfterRestart.at(-1)!)} later`,
      );
    }
    const history = await historyHolding(
      stack.url,
      claraToken,
      dialog.id,
      [...acked].filter((id) => sent.includes(id)),
    );
    const stored = tally(
      sent.filter((id) => acked.has(id)),
      history,
    );
    const live = tally(liveExpected[0]!, seen[0]!);
    const liveB = tally(liveExpected[1]!, seen[1]!);
    const lost = stored.lost;
    const duplicated = stored.duplicated + live.duplicated + liveB.duplicated;
    return {
      scenario: 'Prosody killed (SIGKILL), chat back after restart',
      runs,
      lost,
      duplicated,
      timing: `back p50 ${ms(percentile(backAfterRestart, 50))} · max ${ms(Math.max(...backAfterRestart))} after restart`,
      verdict: lost === 0 && duplicated === 0 && late === 0 ? 'pass' : 'FAIL',
      note: [
        `restart delay max ${ms(Math.max(...restartDelays))} (supervisor back-off)`,
        'rooms re-joined, presence re-sent',
        `${sent.length} messages, each acknowledged one in the history once`,
        ...(live.lost + liveB.lost
          ? [
              `${live.lost + liveB.lost} acknowledged just before a kill reached the other side through the history only`,
            ]
          : []),
        ...(late ? [`${late} over 5 s`] : []),
        ...whichOnes(stored, 'from the history'),
      ].join('; '),
    };
  } finally {
    for (const client of clients) await client.disconnect().catch(() => undefined);
  }
}
