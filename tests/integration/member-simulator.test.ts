/**
 * The member simulator (`npm run member`, issue 4) against the real stack, as a child process:
 * it logs in through the chat-service REST and XMPP, answers a provider's message with delivered
 * and read markers, typing and an "Echo: …" saved to the same dialog, accepts a contact request,
 * and stops cleanly on Ctrl-C (SIGINT).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { member, provider } from '../../fixtures';
import { createChatClient, type ChatClient } from '../../src/xmpp';
import { nextEvent, providerChatPassword, wsUrl } from '../support/chat-harness';
import { startMember, type RunningMember } from '../support/member-simulator';
import { qbClient, type Loose } from '../support/qb';
import { parseTrace } from '../../src/trace';

const stack = inject('stack');
const emma = member('emma');
const dana = provider('dana');
const qb = qbClient(stack.url);
let sim: RunningMember;
let ours: ChatClient;
let danaToken = '';
let dialogId = '';
const tracePath = path.join(mkdtempSync(path.join(tmpdir(), 'member-trace-')), 'out.json');

beforeAll(async () => {
  sim = await startMember(stack.url, 'emma', { typingMs: 300, args: ['--trace', tracePath] });
  const { chatId, password } = await providerChatPassword(stack, 'dana');
  danaToken = await qb.createSession({ login: dana.chatLogin, password });
  const dialog = await qb.call('POST', '/chat/Dialog.json', {
    token: danaToken,
    form: { type: 3, occupants_ids: String(emma.chatId) },
  });
  expect(dialog.status).toBe(201);
  dialogId = dialog.body._id;
  ours = createChatClient({ service: wsUrl(stack), domain: stack.chatDomain, appId: stack.appId });
  await ours.connect({ userId: chatId, token: danaToken });
});

afterAll(async () => {
  await ours?.disconnect();
  await sim?.stop();
});

describe('the member simulator', () => {
  it('printed that it logged in with a chat-service session', () => {
    expect(sim.lines.join('\n')).toMatch(/session opened for member-emma[\s\S]*Online as Emma/);
  });

  it('marks a message delivered and read, types, and echoes it into the same dialog', async () => {
    const delivered = nextEvent(ours, 'markers', 'delivered', (m) => m.userId === emma.chatId);
    const read = nextEvent(ours, 'markers', 'read', (m) => m.userId === emma.chatId);
    const typing = nextEvent(ours, 'chatStates', 'typing', (t) => t.composing && t.userId === emma.chatId);
    const echo = nextEvent(ours, 'messages', 'message', (m) => m.userId === emma.chatId);
    const id = ours.send(emma.chatId, {
      body: 'How are the temperatures this week?',
      markable: true,
      extension: { save_to_history: 1, dialog_id: dialogId },
    });
    expect((await delivered).messageId).toBe(id);
    expect(await read).toMatchObject({ messageId: id, dialogId });
    await typing;
    const answer = await echo;
    expect(answer).toMatchObject({
      body: 'Echo: How are the temperatures this week?',
      dialogId,
      markable: true,
    });
    expect(answer.extension?.save_to_history).toBe('1');
    await sim.waitFor(new RegExp(`read marker for ${id}`));

    // Prosody reports history and markers to the server as they pass (asynchronously).
    let items: Loose[] = [];
    await expect
      .poll(
        async () => {
          const list = await qb.call(
            'GET',
            `/chat/Message.json?chat_dialog_id=${dialogId}&mark_as_read=0&sort_asc=date_sent&limit=100`,
            { token: danaToken },
          );
          items = list.body.items as Loose[];
          return items.map((m) => [m._id, m.read_ids.includes(emma.chatId)]);
        },
        { timeout: 60_000 },
      )
      .toEqual([
        [id, true],
        [answer.id, true],
      ]);
    expect(items[0].delivered_ids).toContain(emma.chatId);
  });

  it('echoes attachments with the message', async () => {
    const echo = nextEvent(ours, 'messages', 'message', (m) => m.userId === emma.chatId);
    ours.send(emma.chatId, {
      body: '[attachment]',
      markable: true,
      extension: {
        save_to_history: 1,
        dialog_id: dialogId,
        attachments: [{ id: '1', uid: 'abc', type: 'image', name: 'chart.jpg', size: 10 }],
      },
    });
    expect((await echo).extension?.attachments).toEqual([
      { id: '1', uid: 'abc', type: 'image', name: 'chart.jpg', size: 10 },
    ]);
  });

  it('accepts a contact request', async () => {
    const accepted = nextEvent(ours, 'roster', 'confirmSubscribe', (e) => e.userId === emma.chatId);
    ours.roster.add(emma.chatId);
    await accepted;
    await sim.waitFor(/contact request from 100004: accepted/);
    expect(['to', 'both']).toContain(ours.contacts[emma.chatId]?.subscription);
    await ours.roster.remove(emma.chatId);
  });

  it('stops cleanly on Ctrl-C', async () => {
    const code = await sim.stop();
    expect(code, sim.lines.join('\n')).toBe(0);
    expect(sim.lines.at(-1)).toMatch(/Signed out of the chat/);
  });

  it('wrote its timeline with --trace: REST calls and stanzas, the chat password masked', () => {
    const text = readFileSync(tracePath, 'utf8');
    expect(text).not.toContain(emma.chatPassword);
    const entries = parseTrace(text);
    const kinds = entries.map((e) => `${e.connection} ${e.kind}`);
    expect(kinds).toContain('member member-emma · chat-service rest/POST');
    expect(kinds).toContain('member member-emma · chat sm/enable');
    expect(entries.some((e) => e.kind === 'message/chat' && e.summary.includes('Echo: How are'))).toBe(true);
  });
});
