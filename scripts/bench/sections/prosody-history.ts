/**
 * docs/performance.md "Prosody history outbox": Prosody's CPU per 1,000 messages with
 * history reporting on (mod_portal_history), for a small and a four times larger backlog. The
 * backlog builds while the server is frozen (SIGSTOP); Prosody's CPU (utime + stime from
 * /proc) is counted from the first message until the outbox on disk is empty again. With an
 * append-only outbox the cost per message does not grow with the backlog (ratio ≈ 1).
 */
import { readFile } from 'node:fs/promises';
import { member } from '../../../fixtures';
import {
  historyPeer,
  bsonId,
  chatMessage,
  outboxText,
  prosodyPid,
  serverPid,
} from '../../../tests/support/history';
import type { TestStack } from '../../../tests/support/stack';
import { stopPeer } from '../../../tests/support/xmpp-peer';
import type { BenchSection } from '../bench';

const quick = process.argv.includes('--quick');
const SMALL = quick ? 150 : 1000;
/** Clock ticks per second of /proc/<pid>/stat on Linux. */
const TICKS = 100;

async function cpuMs(pid: number): Promise<number> {
  const fields = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat(5); index 11 and 12 after the command name.
  return ((Number(fields[11]) + Number(fields[12])) / TICKS) * 1000;
}

/** Waits until the outbox on disk holds `lines` reports waiting (0: until nothing waits). */
async function outboxHolds(stack: TestStack, lines: number): Promise<void> {
  const deadline = Date.now() + 10 * 60_000;
  for (;;) {
    const text = await outboxText(stack.dataDir, stack.chatDomain);
    const count = text.split('\nitem(').length - (text.startsWith('item(') ? 0 : 1);
    if (lines === 0 ? text === '' : count >= lines) return;
    if (Date.now() > deadline)
      throw new Error(`The history outbox did not reach ${lines} reports in 10 minutes`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Prosody CPU ms per 1,000 messages for a backlog of `count` reports. */
async function backlogCost(stack: TestStack, count: number): Promise<number> {
  const prosody = (await prosodyPid(stack.dataDir))!;
  const server = await serverPid(stack.dataDir);
  const clara = member('clara');
  // Straight to Prosody's c2s port, as the members' apps connect: the frozen server is only the
  // history hook's problem.
  const sender = await historyPeer({
    service: `xmpp://127.0.0.1:${stack.c2sPort}`,
    domain: stack.chatDomain,
    username: `${clara.chatId}-${stack.appId}`,
    password: clara.chatPassword,
  });
  const dialog = bsonId();
  try {
    const before = await cpuMs(prosody);
    process.kill(server, 'SIGSTOP');
    try {
      await Promise.all(
        Array.from({ length: count }, (_, i) =>
          sender.send(chatMessage(member('daniela').jid, `backlog ${i}`, dialog)),
        ),
      );
      await outboxHolds(stack, count);
    } finally {
      process.kill(server, 'SIGCONT');
    }
    await outboxHolds(stack, 0);
    return ((await cpuMs(prosody)) - before) / (count / 1000);
  } finally {
    await stopPeer(sender);
  }
}

export const section: BenchSection = {
  name: 'prosody history',
  async run({ stack, report, note }) {
    await outboxHolds(stack, 0);
    const small = await backlogCost(stack, SMALL);
    const large = await backlogCost(stack, SMALL * 4);
    report({ metric: `Prosody CPU per 1,000 messages, backlog ${SMALL}`, ours: small, unit: 'ms' });
    report({
      metric: `Prosody CPU per 1,000 messages, backlog ${SMALL * 4}`,
      ours: large,
      reference: small,
      referenceName: `backlog ${SMALL}`,
      unit: 'ms',
      target: { at: 'most', value: 1.2, of: 'ratio' },
    });
    note(
      'sending, queueing on disk and reporting to the server, with history on; the server is frozen while the backlog builds',
    );
  },
};
