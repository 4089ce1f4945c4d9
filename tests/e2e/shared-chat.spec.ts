/**
 * One chat connection per browser (issue 24; docs/architecture.md §3 "One chat connection per
 * browser"), in Debian's Chromium against the real stack: three tabs of a provider are one chat
 * session at Prosody; a member's message, typing and read marker reach every tab (the red dot on
 * a tab elsewhere); what one tab sends shows in the others; closing the tab that holds the
 * connection, then crashing the next one, hands it over and the chat goes on. Then a call rings in
 * two tabs and is answered in one: the other stops ringing.
 */
import { expect, test, type Page } from '@playwright/test';
import { xml } from '@xmpp/client';
import { member, personas, provider } from '../../fixtures';
import { chatSessionsOf } from '../support/chat-sessions';
import type { Peer } from '../support/history';
import { startMember } from '../support/member-simulator';
import { stopPeer } from '../support/xmpp-peer';
import { tapChat } from './chat-tap';
import { chatMessage, memberOpensDialog, memberPeer, providerJid } from './messages-support';
import { signInAs, signInOverApi } from './support';

const emma = member('emma');
const bianca = member('bianca');
const amelia = provider('amelia');

/** A member opens a dialog with the provider from her app and writes in it; answers her online peer. */
async function memberWrites(
  qb: Awaited<ReturnType<typeof memberOpensDialog>>['qb'],
  providerChatId: number,
  key: string,
  text: string,
): Promise<Peer> {
  const dialog = await qb.call('POST', '/chat/Dialog.json', {
    token: await qb.memberSession(key),
    form: { type: 3, occupants_ids: String(providerChatId) },
  });
  if (dialog.status !== 201) throw new Error(`The member could not open a dialog: ${dialog.status}`);
  const peer = await memberPeer(key);
  await peer.send(chatMessage(providerJid(providerChatId), text, dialog.body._id as string));
  return peer;
}

/** Whether the page holds the chat connection: its own chat WebSocket is open. */
function followSockets(page: Page): () => boolean {
  const open = new Set<object>();
  page.on('websocket', (ws) => {
    if (!ws.url().endsWith('/xmpp-websocket')) return;
    open.add(ws);
    ws.on('close', () => open.delete(ws));
  });
  return () => open.size > 0;
}

async function openConversation(page: Page, name: string, chatId: number) {
  await page.goto(`/message?userId=${chatId}`);
  const conversation = page.getByRole('region', { name: `Conversation with ${name}` });
  await expect(conversation).toBeVisible({ timeout: 60_000 });
  // Online, as the Messages screen says (`data-chat-link`), and no connection banner.
  await expect(page.locator('[data-chat-link="online"]')).toHaveCount(1, { timeout: 60_000 });
  await expect(page.locator('[data-link]')).toHaveCount(0);
  return conversation;
}

test('three tabs are one chat session: messages, typing, read ticks and red dots in every tab, and the chat goes on when the holding tab closes or crashes', async ({
  context,
  page,
  request,
}) => {
  const { provider: mira, dialogId, peer, qb } = await memberOpensDialog(request, 'shared', 'emma');
  const node = `${mira.chatId}-${personas.chatApp.appId}`;
  const sessions = async () => (await chatSessionsOf(process.env.E2E_DATA_DIR!, node)).length;
  const toMira = (text: string) => peer.send(chatMessage(providerJid(mira.chatId), text, dialogId));
  const received: Array<{ id: string; body: string }> = [];
  peer.on('stanza', (s) => {
    const body = s.is('message') ? s.getChildText('body') : null;
    // A copy with a delay is the server giving again what the member's own stream took but had not
    // acknowledged when it dropped (XEP-0198 §4, XEP-0203; her peer can miss a ping on a loaded
    // machine): her stream's business, not a second send of the portal's, which has no delay.
    if (body && !s.getChild('delay', 'urn:xmpp:delay')) received.push({ id: String(s.attrs.id), body });
  });
  const got = (body: string) => received.filter((m) => m.body === body);
  try {
    // What each tab heard, attached if a red dot outlives the read (docs/testing.md "Known load
    // failures").
    const taps = [await tapChat(page)];
    const holds = [followSockets(page)];
    await signInOverApi(page, mira.email, mira.password);
    const one = await openConversation(page, 'Emma Laurent', emma.chatId);
    const second = await context.newPage();
    taps.push(await tapChat(second));
    holds.push(followSockets(second));
    const two = await openConversation(second, 'Emma Laurent', emma.chatId);
    const third = await context.newPage();
    taps.push(await tapChat(third));
    holds.push(followSockets(third));
    await third.goto('/Dashboard/Dashboard');
    await expect(third.getByRole('navigation').first()).toBeVisible({ timeout: 60_000 });

    // One session of hers at Prosody, held by the first tab only.
    await expect.poll(sessions, { timeout: 60_000 }).toBe(1);
    expect(holds.map((h) => h())).toEqual([true, false, false]);

    // The member writes: both conversations show it (and read it, for they show it).
    await toMira('Morning, is today still fine?');
    for (const conversation of [one, two])
      await expect(conversation.getByText('Morning, is today still fine?')).toBeVisible();

    // Another member writes in a conversation no tab shows: every tab has the red dot; read in
    // one tab, it goes in all of them.
    const claraPeer = await memberWrites(qb, mira.chatId, 'clara', 'A question about my results');
    try {
      for (const tab of [page, second, third])
        await expect(tab.getByTestId('messages-red-dot').first()).toBeVisible({ timeout: 60_000 });
      await page
        .getByRole('navigation', { name: 'Conversations' })
        .getByRole('button', { name: /Clara Jensen/ })
        .click();
      await expect(
        page
          .getByRole('region', { name: 'Conversation with Clara Jensen' })
          .getByRole('list', { name: 'Messages with Clara Jensen' })
          .getByText('A question about my results'),
      ).toBeVisible();
      try {
        for (const tab of [page, second, third])
          await expect(tab.getByTestId('messages-red-dot')).toHaveCount(0);
      } catch (error) {
        for (const [index, tap] of taps.entries()) await tap.attach(test.info(), `tab-${index + 1}`);
        throw error;
      }
    } finally {
      await stopPeer(claraPeer);
    }
    await page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('button', { name: /Emma Laurent/ })
      .click();
    await expect(one).toBeVisible();

    // She types: both tabs say so.
    await peer.send(
      xml(
        'message',
        { to: providerJid(mira.chatId), type: 'chat' },
        xml('composing', { xmlns: 'http://jabber.org/protocol/chatstates' }),
      ),
    );
    for (const conversation of [one, two]) await expect(conversation.getByText('is typing…')).toBeVisible();

    // The second tab answers: sent once, shown in the first tab too, and read there when she reads it.
    const box = two.getByRole('textbox', { name: 'Message' });
    await box.fill('Yes, see you at ten');
    await box.press('Enter');
    await expect(one.getByText('Yes, see you at ten')).toBeVisible();
    await expect.poll(() => got('Yes, see you at ten').length).toBe(1);
    await peer.send(
      xml(
        'message',
        { to: providerJid(mira.chatId), type: 'chat' },
        xml('displayed', { xmlns: 'urn:xmpp:chat-markers:0', id: got('Yes, see you at ten')[0]!.id }),
        xml('extraParams', { xmlns: 'jabber:client' }, xml('dialog_id', {}, dialogId)),
      ),
    );
    for (const conversation of [one, two])
      await expect(
        conversation
          .getByRole('list', { name: 'Messages with Emma Laurent' })
          .getByRole('listitem')
          .filter({ hasText: 'Yes, see you at ten' })
          .first()
          .getByRole('img', { name: 'Read' }),
      ).toBeVisible();

    // The holding tab closes: its session ends, the second tab takes over, the chat goes on.
    await page.close();
    await expect.poll(() => holds[1]!() || holds[2]!(), { timeout: 60_000 }).toBe(true);
    await expect.poll(sessions, { timeout: 60_000 }).toBe(1);
    await toMira('Still there after the first tab went?');
    await expect(two.getByText('Still there after the first tab went?')).toBeVisible({ timeout: 60_000 });
    await box.fill('Yes, still here');
    await box.press('Enter');
    await expect.poll(() => got('Yes, still here').length, { timeout: 60_000 }).toBe(1);

    // The holding tab crashes (no page code runs): the last one takes over.
    const [holder, other] = holds[1]!() ? [second, third] : [third, second];
    const crashed = holder.waitForEvent('crash');
    await holder.goto('chrome://crash').catch(() => undefined);
    await crashed;
    await expect.poll(() => (other === third ? holds[2]!() : holds[1]!()), { timeout: 60_000 }).toBe(true);
    const last = await openConversation(other, 'Emma Laurent', emma.chatId);
    await toMira('And after the crash?');
    await expect(last.getByText('And after the crash?')).toBeVisible({ timeout: 60_000 });
  } finally {
    await stopPeer(peer);
  }
});

test('a call rings in every tab and is answered in one; the other tab stops ringing', async ({
  context,
  page,
}) => {
  await signInAs(page, 'amelia');
  await openConversation(page, bianca.name, bianca.chatId);
  const second = await context.newPage();
  await openConversation(second, bianca.name, bianca.chatId);
  const sim = await startMember(process.env.E2E_BASE_URL!, 'bianca', { args: ['--call', amelia.email] });
  try {
    const rings = [page, second].map((p) => p.getByRole('alertdialog', { name: bianca.name }));
    for (const ring of rings) await expect(ring).toBeVisible({ timeout: 60_000 });
    // The other tab says so for a few seconds, then closes its window: watched from before the click.
    const saidElsewhere = page.getByText('Answered in another tab').waitFor({ timeout: 60_000 });
    await rings[1]!.getByRole('button', { name: 'Accept' }).click();
    await saidElsewhere;
    await expect(rings[0]!).toBeHidden();
    const window = second.getByRole('region', { name: `Call with ${bianca.name}`, exact: true });
    await expect(window.getByRole('status')).toContainText('Connected', { timeout: 60_000 });
    await sim.waitFor(/video frames|frames decoded|Connected|connection to .*: connected/i, 60_000);
    // Still ringing nowhere, and still connected in the tab that answered.
    await expect(rings[0]!).toBeHidden();
    await expect(window.getByRole('status')).toContainText('Connected');
    await window.getByRole('button', { name: 'Leave' }).click();
    await second.getByRole('dialog', { name: 'Tips' }).getByRole('button', { name: 'Yes' }).click();
    await sim.waitFor(/hung up/);
  } finally {
    await sim.stop();
  }
});
