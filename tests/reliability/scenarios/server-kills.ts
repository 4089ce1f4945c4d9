/**
 * The server killed with SIGKILL in the middle of writes, on PGlite and on PostgreSQL: a member
 * writes messages to a dialog over the chat-service REST API (each 201 is an acknowledged write)
 * and over XMPP on Prosody's c2s port (each stream-management ack is one, docs/prosody.md
 * "Reporting messages to our server"); the server dies mid-stream, Prosody outlives it and keeps
 * acknowledging. After the restart the database opens, the Prosody left behind has been stopped
 * and replaced (src/server/prosody/leftover.ts), and every acknowledged write is in the history
 * exactly once.
 */
import { performance } from 'node:perf_hooks';
import { member, provider } from '../../../fixtures';
import {
  allAcknowledged,
  bsonId,
  chatMessage,
  historyPeer,
  isRunning,
  prosodyPid,
  type Peer,
} from '../../support/history';
import { qbClient, type Loose } from '../../support/qb';
import { startStack, type TestStack } from '../../support/stack';
import { stopPeer } from '../../support/xmpp-peer';
import { sleep, type SuiteContext } from '../context';
import { historyHolding } from '../history';
import { postgresMissing, startThrowawayPostgres } from '../../../scripts/lib/throwaway-postgres.mjs';
import { ms, percentile, tally, whichOnes, type Row } from '../table';

const ava = member('ava');
const amelia = provider('amelia');

/**
 * The member online on Prosody's c2s port. Right after a restart a login may meet SASL
 * temporary-auth-failure (docs/prosody.md "Authenticating against our server (custom auth
 * provider)": the server did not answer the check in time); a client tries again, as here.
 */
async function memberPeer(stack: TestStack, onTemporaryFailure: () => void): Promise<Peer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await historyPeer({
        service: `xmpp://127.0.0.1:${stack.c2sPort}`,
        domain: stack.chatDomain,
        username: `${ava.chatId}-${stack.appId}`,
        password: ava.chatPassword,
      });
    } catch (error) {
      if (!String(error).includes('temporary-auth-failure') || attempt >= 10) throw error;
      onTemporaryFailure();
      await sleep(1_000);
    }
  }
}

async function killDuringWrites(
  stack: TestStack,
  runs: number,
  log: (line: string) => void,
  label: string,
): Promise<Row> {
  const qb = qbClient(stack.url);
  const avaToken = await qb.memberSession('ava');
  const dialogs = (await qb.call('GET', '/chat/Dialog.json', { token: avaToken })).body.items as Loose[];
  const privateDialog = dialogs.find((d) => d.type === 3 && d.occupants_ids.includes(amelia.chatId));
  if (!privateDialog) throw new Error('The seed has no dialog of Ava and Amelia');
  const dialogId = String(privateDialog._id);
  const acknowledged: string[] = [];
  const restartMs: number[] = [];
  let restWrites = 0;
  let temporaryFailures = 0;
  let xmppWrites = 0;
  for (let i = 0; i < runs; i++) {
    const peer = await memberPeer(stack, () => temporaryFailures++);
    const oldProsody = (await prosodyPid(stack.dataDir))!;
    let writing = true;
    const rest = (async () => {
      for (let n = 0; writing; n++) {
        try {
          const answer = await qb.call('POST', '/chat/Message.json', {
            token: avaToken,
            json: { chat_dialog_id: dialogId, message: `sk-${label}-${i}-r${n}` },
          });
          if (answer.status === 201) {
            acknowledged.push(String(answer.body._id));
            restWrites++;
          }
        } catch {
          // The server is gone: this write was never acknowledged.
          await sleep(20);
        }
      }
    })();
    const xmpp = (async () => {
      while (writing) {
        const batch = Array.from({ length: 3 }, () => bsonId());
        for (const id of batch)
          await peer.send(chatMessage(amelia.jid, `sk-${label}-${i}-x`, dialogId, { id }));
        try {
          await allAcknowledged(peer);
        } catch {
          return;
        }
        acknowledged.push(...batch);
        xmppWrites += batch.length;
      }
    })();
    await sleep(300 + Math.random() * 700);
    await stack.crash();
    // Prosody keeps taking messages while the server is down.
    await sleep(300);
    writing = false;
    await Promise.all([rest, xmpp]);
    await stopPeer(peer);
    const started = performance.now();
    await stack.restart();
    restartMs.push(performance.now() - started);
    const newProsody = await prosodyPid(stack.dataDir);
    if (isRunning(oldProsody) || newProsody === null || newProsody === oldProsody || !isRunning(newProsody))
      throw new Error(`After kill ${i + 1} the Prosody left behind (${oldProsody}) was not taken over`);
    log(`  ${label}: server kill ${i + 1}/${runs}, restarted in ${ms(restartMs.at(-1)!)}`);
  }
  const history = await historyHolding(stack.url, avaToken, dialogId, acknowledged);
  const stored = tally(acknowledged, history);
  const { lost, duplicated } = stored;
  return {
    scenario: `server killed (SIGKILL) mid-writes, ${label}`,
    runs,
    lost,
    duplicated,
    timing: `restart p50 ${ms(percentile(restartMs, 50))} · max ${ms(Math.max(...restartMs))}`,
    verdict: lost === 0 && duplicated === 0 ? 'pass' : 'FAIL',
    note: [
      `${restWrites} REST + ${xmppWrites} XMPP acknowledged writes; database opened, Prosody taken over every time`,
      ...(temporaryFailures
        ? [`${temporaryFailures} logins met temporary-auth-failure after a restart and retried`]
        : []),
      ...whichOnes(stored, 'from the history'),
    ].join('; '),
  };
}

export async function serverKills({ stack, counts, log }: SuiteContext): Promise<Row[]> {
  const rows = [await killDuringWrites(stack, counts.serverKills, log, 'PGlite')];
  const postgresRow = (note: string): Row => ({
    scenario: 'server killed (SIGKILL) mid-writes, PostgreSQL',
    runs: 0,
    lost: null,
    duplicated: null,
    timing: '—',
    verdict: 'skipped',
    note,
  });
  if (!counts.postgres) return [...rows, postgresRow('full run only (npm run reliability)')];
  const missing = postgresMissing();
  if (missing) return [...rows, postgresRow(`skipped: ${missing}`)];
  const postgres = await startThrowawayPostgres();
  let own: TestStack | null = null;
  try {
    own = await startStackOn(postgres.url);
    rows.push(await killDuringWrites(own, counts.serverKills, log, 'PostgreSQL'));
  } finally {
    await own?.stop({ remove: true });
    postgres.stop();
  }
  return rows;
}

/** A stack of its own on a fresh database of the throwaway cluster (tests/support/stack.ts). */
async function startStackOn(baseUrl: string): Promise<TestStack> {
  const previous = process.env.TEST_DATABASE_URL;
  process.env.TEST_DATABASE_URL = baseUrl;
  try {
    return await startStack({ env: { CHAT_HISTORY_REPORT_TIMEOUT_SECONDS: '2' } });
  } finally {
    if (previous === undefined) delete process.env.TEST_DATABASE_URL;
    else process.env.TEST_DATABASE_URL = previous;
  }
}
