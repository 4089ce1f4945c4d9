/**
 * History from real XMPP traffic (issue 4; docs/prosody.md "Reporting messages to
 * our server"): @xmpp/client peers send one-to-one and room messages and markers through Prosody;
 * `/qb/chat/Message.json` holds each message exactly once with the right unread counts — also
 * while the server does not answer (Prosody's outbox retries), and when it is killed in the middle
 * of the stream: Prosody outlives it, queues on disk, and the restarted server's own Prosody
 * flushes that queue. Its own stack, so it can freeze, kill and restart the server.
 */
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { member, provider } from '../../fixtures';
import { startStack, type TestStack } from '../support/stack';
import { qbClient, type Loose } from '../support/qb';
import {
  allAcknowledged,
  bsonId,
  chatMessage,
  groupMessage,
  historyPeer,
  isRunning,
  marker,
  outboxText,
  prosodyHostData,
  prosodyPid,
  serverPid,
  type Peer,
} from '../support/history';
import { stopPeer } from '../support/xmpp-peer';

const ava = member('ava');
const clara = member('clara');
const amelia = provider('amelia');
let stack: TestStack;
let qb: ReturnType<typeof qbClient>;
let ameliaToken = '';
let avaToken = '';
let privateDialog = '';
let groupDialog: Loose;
const peers: Peer[] = [];

const node = (chatId: number) => `${chatId}-${stack.appId}`;
// Straight to Prosody's c2s port (as the members' native apps connect), not through the server's
// WebSocket proxy, so a frozen or restarting server is only the history hook's problem.
const c2sUrl = () => `xmpp://127.0.0.1:${stack.c2sPort}`;

async function peer(chatId: number, password: string): Promise<Peer> {
  const p = await historyPeer({
    service: c2sUrl(),
    domain: stack.chatDomain,
    username: node(chatId),
    password,
  });
  peers.push(p);
  return p;
}

/** Amelia's view of a dialog's history, without marking anything read. */
async function history(dialogId: string): Promise<Loose[]> {
  const answer = await qb.call(
    'GET',
    `/chat/Message.json?chat_dialog_id=${dialogId}&mark_as_read=0&limit=1000&sort_asc=date_sent`,
    { token: ameliaToken },
  );
  expect(answer.status).toBe(200);
  return answer.body.items;
}

async function unread(dialogId: string): Promise<number> {
  return (
    await qb.call('GET', `/chat/Message/unread.json?chat_dialog_ids=${dialogId}`, { token: ameliaToken })
  ).body[dialogId];
}

/** Waits until every id is in the history, then checks each is there exactly once. */
async function expectOnce(dialogId: string, ids: string[], timeout = 30_000) {
  await expect
    .poll(
      async () => {
        const have = new Set((await history(dialogId)).map((m) => m._id));
        return ids.filter((id) => !have.has(id)).length;
      },
      { timeout, interval: 250 },
    )
    .toBe(0);
  const items = await history(dialogId);
  for (const id of ids) expect(items.filter((m) => m._id === id)).toHaveLength(1);
  return items;
}

beforeAll(async () => {
  stack = await startStack({ env: { CHAT_HISTORY_REPORT_TIMEOUT_SECONDS: '2' } });
  qb = qbClient(stack.url);
  ameliaToken = (await qb.providerSession('amelia')).token;
  avaToken = await qb.memberSession('ava');
  const dialogs = (await qb.call('GET', '/chat/Dialog.json', { token: ameliaToken })).body.items as Loose[];
  privateDialog = dialogs.find((d) => d.type === 3 && d.occupants_ids.includes(ava.chatId))._id;
  groupDialog = dialogs.find((d) => d.type === 2 && d.occupants_ids.includes(clara.chatId));
});

afterAll(async () => {
  await Promise.all(peers.map(stopPeer));
  await stack?.stop({ remove: true });
});

describe('one-to-one traffic', () => {
  it('stores every save_to_history message once, nothing else, and counts it unread', async () => {
    const before = await unread(privateDialog);
    const xmpp = await peer(ava.chatId, ava.chatPassword);
    const ids = Array.from({ length: 5 }, () => bsonId());
    for (const [n, id] of ids.entries())
      await xmpp.send(chatMessage(amelia.jid, `Reading ${n + 1}`, privateDialog, { id }));
    // Not for history: no save_to_history.
    const ephemeral = bsonId();
    await xmpp.send(
      chatMessage(amelia.jid, 'typing-ish, not kept', privateDialog, { id: ephemeral, history: false }),
    );
    // The same stanza again (a client re-send after a reconnect).
    await xmpp.send(chatMessage(amelia.jid, 'Reading 1', privateDialog, { id: ids[0] }));
    await allAcknowledged(xmpp);

    const items = await expectOnce(privateDialog, ids);
    expect(items.find((m) => m._id === ephemeral)).toBeUndefined();
    const mine = items.filter((m) => ids.includes(m._id));
    expect(mine.map((m) => m.message)).toEqual([
      'Reading 1',
      'Reading 2',
      'Reading 3',
      'Reading 4',
      'Reading 5',
    ]);
    expect(mine.every((m) => m.sender_id === ava.chatId && m.recipient_id === amelia.chatId)).toBe(true);
    expect(
      mine.every((m) => Number.isInteger(m.date_sent) && Math.abs(m.date_sent - Date.now() / 1000) < 60),
    ).toBe(true);
    expect(await unread(privateDialog)).toBe(before + 5);
    const dialog = (await qb.call('GET', `/chat/Dialog/${privateDialog}.json`, { token: ameliaToken })).body;
    expect(dialog).toMatchObject({
      last_message: 'Reading 5',
      last_message_id: ids[4],
      last_message_user_id: ava.chatId,
    });
  });

  it('moves the outbox cursor in place as batches are taken, keeping the file until it is compacted', async () => {
    // Ava's peer of the test above (the tests below take peers[0] and peers[1] as Ava and Amelia).
    const xmpp = peers[0]!;
    const data = prosodyHostData(stack.dataDir, stack.chatDomain);
    const cursorFile = path.join(data, 'portal_history_outbox_sent.dat');
    const listFile = path.join(data, 'portal_history_outbox.list');
    const first = bsonId();
    await xmpp.send(chatMessage(amelia.jid, 'Cursor 1', privateDialog, { id: first }));
    await expectOnce(privateDialog, [first]);
    await expect.poll(() => outboxText(stack.dataDir, stack.chatDomain)).toBe('');
    const { ino } = await stat(cursorFile);
    // One at a time, so each is a batch of its own and moves the cursor.
    const later = Array.from({ length: 3 }, () => bsonId());
    for (const [n, id] of later.entries()) {
      await xmpp.send(chatMessage(amelia.jid, `Cursor ${n + 2}`, privateDialog, { id }));
      await expectOnce(privateDialog, [id]);
    }
    await expect.poll(() => outboxText(stack.dataDir, stack.chatDomain)).toBe('');
    // The same file, overwritten in place: no new file renamed over it for each batch.
    expect((await stat(cursorFile)).ino).toBe(ino);
    expect(await readFile(cursorFile, 'utf8')).toMatch(/^return \{ sent = \d{20} \};\n$/);
    // Delivered lines stay until the file is compacted (portal_history_compact, 1,000 lines).
    const kept = await readFile(listFile, 'utf8');
    for (const id of [first, ...later]) expect(kept).toContain(id);
  });

  it("applies the provider's displayed and received markers up to the marked message", async () => {
    const xmpp = await peer(amelia.chatId, ameliaToken);
    const items = (await history(privateDialog)).filter((m) => m.sender_id === ava.chatId);
    const third = items.at(-3);
    await xmpp.send(marker('displayed', ava.jid, third._id, privateDialog));
    await xmpp.send(marker('received', ava.jid, items.at(-1)._id, privateDialog));
    await allAcknowledged(xmpp);
    await expect.poll(() => unread(privateDialog), { timeout: 60_000 }).toBe(2);
    const after = await history(privateDialog);
    expect(after.find((m) => m._id === third._id).read_ids).toContain(amelia.chatId);
    expect(after.find((m) => m._id === items.at(-1)._id).read_ids).not.toContain(amelia.chatId);
    expect(after.find((m) => m._id === items.at(-1)._id).delivered_ids).toContain(amelia.chatId);
  });

  it('keeps a marker that arrives before its message until the message is stored', async () => {
    const [avaPeer, ameliaPeer] = peers;
    const id = bsonId();
    await ameliaPeer!.send(marker('displayed', ava.jid, id, privateDialog));
    await allAcknowledged(ameliaPeer!);
    await new Promise((r) => setTimeout(r, 500));
    await avaPeer!.send(chatMessage(amelia.jid, 'Read before sent', privateDialog, { id }));
    const items = await expectOnce(privateDialog, [id]);
    expect(items.find((m) => m._id === id).read_ids).toEqual([ava.chatId, amelia.chatId]);
  });
});

describe('room traffic', () => {
  it('stores groupchat messages once and counts them unread for the other occupants', async () => {
    const before = await unread(groupDialog._id);
    const claraToken = await qb.memberSession('clara');
    const xmpp = await peer(clara.chatId, claraToken);
    const joined = new Promise<void>((resolve) =>
      xmpp.on('stanza', (s: Loose) => {
        if (s.is('presence') && s.attrs.from === `${groupDialog.xmpp_room_jid}/${clara.chatId}`) resolve();
      }),
    );
    const { xml } = await import('@xmpp/client');
    await xmpp.send(
      xml(
        'presence',
        { to: `${groupDialog.xmpp_room_jid}/${clara.chatId}` },
        xml('x', { xmlns: 'http://jabber.org/protocol/muc' }),
      ),
    );
    await joined;
    const ids = [bsonId(), bsonId()];
    for (const id of ids)
      await xmpp.send(
        groupMessage(groupDialog.xmpp_room_jid, `Group note ${id.slice(-4)}`, groupDialog._id, id),
      );
    await allAcknowledged(xmpp);
    const items = await expectOnce(groupDialog._id, ids);
    expect(
      items
        .filter((m) => ids.includes(m._id))
        .every((m) => m.sender_id === clara.chatId && m.recipient_id === 0),
    ).toBe(true);
    expect(await unread(groupDialog._id)).toBe(before + 2);
  });
});

describe('when the server is down', () => {
  it('loses nothing while the server does not answer: Prosody queues and retries', async () => {
    const xmpp = peers[0]!;
    const pid = await serverPid(stack.dataDir);
    const before = await unread(privateDialog);
    const ids = Array.from({ length: 4 }, () => bsonId());
    process.kill(pid, 'SIGSTOP');
    try {
      for (const id of ids)
        await xmpp.send(chatMessage(amelia.jid, `While frozen ${id.slice(-4)}`, privateDialog, { id }));
      await allAcknowledged(xmpp);
      // Prosody has handled them: they wait in its outbox on disk.
      const queued = await outboxText(stack.dataDir, stack.chatDomain);
      for (const id of ids) expect(queued).toContain(id);
      // Longer than the 2 s report time-out: Prosody gives up on the request and retries.
      await new Promise((r) => setTimeout(r, 5000));
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    await expectOnce(privateDialog, ids);
    expect(await unread(privateDialog)).toBe(before + 4);
    await expect.poll(() => outboxText(stack.dataDir, stack.chatDomain), { timeout: 60_000 }).toBe('');
  });

  it("holds a marker until the server has its report, and not its sender's next message", async () => {
    const [avaPeer, ameliaPeer] = peers;
    const read = (await history(privateDialog)).filter((m) => m.sender_id === ava.chatId).at(-1)._id;
    // Her session, which sent no presence: a message to her bare JID would go to offline storage.
    const avaResource = String((avaPeer as Loose).jid);
    const arrived: string[] = [];
    let markerAfterMs = Infinity;
    let sentAt = 0;
    const listener = (s: Loose) => {
      if (!s.is('message')) return;
      if (s.getChild('displayed', 'urn:xmpp:chat-markers:0')) {
        arrived.push('marker');
        markerAfterMs = performance.now() - sentAt;
      } else if (s.getChildText('body') === 'Answered while frozen') arrived.push('message');
    };
    avaPeer!.on('stanza', listener);
    const pid = await serverPid(stack.dataDir);
    process.kill(pid, 'SIGSTOP');
    sentAt = performance.now();
    try {
      await ameliaPeer!.send(marker('displayed', avaResource, read, privateDialog));
      await ameliaPeer!.send(chatMessage(avaResource, 'Answered while frozen', privateDialog));
      await expect.poll(() => arrived, { timeout: 5000 }).toEqual(['message']);
      await new Promise((r) => setTimeout(r, 1000));
      expect(arrived).toEqual(['message']);
    } finally {
      process.kill(pid, 'SIGCONT');
    }
    await expect.poll(() => arrived, { timeout: 15_000 }).toEqual(['message', 'marker']);
    avaPeer!.removeListener('stanza', listener);
    // Well within portal_report_wait (10 s): it came because the report was taken.
    expect(markerAfterMs).toBeLessThan(8000);
    expect((await history(privateDialog)).find((m) => m._id === read).read_ids).toContain(amelia.chatId);
  });

  it('keeps what Prosody queued while the server was frozen, then killed, then down, across the restart', async () => {
    const before = await unread(privateDialog);
    const xmpp = peers[0]!;
    const server = await serverPid(stack.dataDir);
    const oldProsody = (await prosodyPid(stack.dataDir))!;
    expect(isRunning(oldProsody)).toBe(true);
    const send = async (ids: string[], text: string) => {
      for (const id of ids)
        await xmpp.send(chatMessage(amelia.jid, `${text} ${id.slice(-4)}`, privateDialog, { id }));
      await allAcknowledged(xmpp);
    };

    // Frozen: Prosody's reports reach a server that never answers them.
    const frozen = Array.from({ length: 3 }, () => bsonId());
    process.kill(server, 'SIGSTOP');
    await send(frozen, 'While frozen');
    const queuedFrozen = await outboxText(stack.dataDir, stack.chatDomain);
    for (const id of frozen) expect(queuedFrozen).toContain(id);
    // Killed while still frozen (SIGKILL needs no SIGCONT): it never handled a report.
    await stack.crash();
    expect(isRunning(server)).toBe(false);

    // Down: Prosody, its child, outlives it and keeps taking messages into the outbox.
    expect(isRunning(oldProsody)).toBe(true);
    const down = Array.from({ length: 3 }, () => bsonId());
    await send(down, 'While down');
    const queued = await outboxText(stack.dataDir, stack.chatDomain);
    for (const id of [...frozen, ...down]) expect(queued).toContain(id);
    await Promise.all(peers.splice(0).map(stopPeer));

    // The new server stops the Prosody left behind and starts its own, which finds the outbox on disk.
    await stack.restart();
    expect(isRunning(oldProsody)).toBe(false);
    const newProsody = await prosodyPid(stack.dataDir);
    expect(newProsody).not.toBeNull();
    expect(newProsody).not.toBe(oldProsody);

    const again = await peer(ava.chatId, avaToken);
    const late = Array.from({ length: 3 }, () => bsonId());
    for (const id of late)
      await again.send(chatMessage(amelia.jid, `After restart ${id.slice(-4)}`, privateDialog, { id }));
    await allAcknowledged(again);
    await expectOnce(privateDialog, [...frozen, ...down, ...late]);
    expect(await unread(privateDialog)).toBe(before + 9);
    await expect.poll(() => outboxText(stack.dataDir, stack.chatDomain), { timeout: 60_000 }).toBe('');
  });

  it('delivers a backlog of several batches once each after Prosody restarts with it on disk', async () => {
    const before = await unread(privateDialog);
    const xmpp = await peer(ava.chatId, avaToken);
    const server = await serverPid(stack.dataDir);
    // Three batches (portal_history_batch is 100), queued while the server is frozen.
    const ids = Array.from({ length: 210 }, () => bsonId());
    process.kill(server, 'SIGSTOP');
    await Promise.all(
      ids.map((id) => xmpp.send(chatMessage(amelia.jid, `Backlog ${id.slice(-4)}`, privateDialog, { id }))),
    );
    await allAcknowledged(xmpp);
    const queued = await outboxText(stack.dataDir, stack.chatDomain);
    expect(ids.filter((id) => !queued.includes(id))).toEqual([]);
    await stack.crash();
    await Promise.all(peers.splice(0).map(stopPeer));
    // The new server's Prosody reads the outbox and its cursor from disk and sends what waits.
    await stack.restart();
    await expectOnce(privateDialog, ids, 60_000);
    expect(await unread(privateDialog)).toBe(before + ids.length);
    await expect.poll(() => outboxText(stack.dataDir, stack.chatDomain), { timeout: 60_000 }).toBe('');
    // A crash, a restart and a backlog stored after it: more than the file's usual 30 s.
  });
});
