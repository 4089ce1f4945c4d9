/**
 * Issue 14, the protocol console in the browser against the real stack: the console, signed in
 * as a member, chats with a provider whose portal tab it watches; the timeline shows both sides'
 * stanzas, the markers and the red-dot frame decoded; a stanza the server refuses shows its error;
 * export then import gives the same timeline, with secrets masked. A watched tab that fell back to
 * BOSH shows its `/http-bind` requests beside its stanzas.
 */
import { readFile } from 'node:fs/promises';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { member } from '../../fixtures';
import { stopPeer } from '../support/xmpp-peer';
import { chatMessage, memberOpensDialog, providerJid } from './messages-support';
import { signInOverApi } from './support';

const ava = member('ava');

const rows = (page: Page) => page.getByTestId('entry');
const row = (page: Page, connection: RegExp, kind: string, text: string | RegExp): Locator =>
  rows(page)
    .filter({ has: page.locator('td', { hasText: connection }) })
    .filter({ has: page.locator(`td:text-is("${kind}")`) })
    .filter({ hasText: text });

test('the console as a member chats with a watched portal tab; refused stanzas, export and import', async ({
  page,
  context,
  request,
}) => {
  const { provider, dialogId, peer } = await memberOpensDialog(request, 'console', 'ava');
  await stopPeer(peer);
  await signInOverApi(page, provider.email, provider.password, `/message?userId=${ava.chatId}`);
  const conversation = page.getByRole('region', { name: `Conversation with ${ava.name}` });
  await expect(conversation).toBeVisible({ timeout: 60_000 });

  const console_ = await context.newPage();
  await console_.goto('/console');
  await console_.getByRole('button', { name: 'Look for tabs' }).click();
  await console_.getByRole('region', { name: 'Live portal tabs' }).getByRole('checkbox').first().check();

  const chat = console_.getByRole('region', { name: 'Chat user' });
  await chat.getByLabel('Chat login').fill(ava.chatLogin);
  await chat.getByLabel('Chat password').fill(ava.chatPassword);
  await chat.getByRole('button', { name: 'Sign in as member' }).click();
  await expect(chat.getByText(`chat id ${ava.chatId}`)).toBeVisible({ timeout: 60_000 });
  await chat.getByLabel('Peer chat id').fill(String(provider.chatId));
  await chat.getByLabel('Dialog id').fill(dialogId);
  await chat.getByLabel('Message text').fill('Hello from the console');
  await chat.getByRole('button', { name: 'Send message' }).click();
  const messageId = await chat.getByLabel('Message id').inputValue();
  expect(messageId).toMatch(/^[0-9a-f]{24}$/);

  // The provider sees it in the portal; the console sees it leave and arrive.
  await expect(conversation.getByText('Hello from the console')).toBeVisible();
  await expect(
    row(console_, /member member-ava · chat/, 'message/chat', 'Hello from the console'),
  ).toHaveCount(1);
  await expect(row(console_, /tab \w+ · chat/, 'message/chat', 'Hello from the console')).toHaveCount(1);
  // Markers: the portal reads the open conversation; the member gets the marker.
  await expect(
    row(console_, /tab \w+ · chat/, 'message/chat', `displayed ${messageId}`).first(),
  ).toBeVisible();
  await expect(
    row(console_, /member member-ava · chat/, 'message/chat', `displayed ${messageId}`).first(),
  ).toBeVisible();
  // Stream management is on the timeline too (XEP-0198 enable/enabled on both streams).
  await expect(row(console_, /member member-ava · chat/, 'sm/enabled', '').first()).toBeVisible();

  // A red dot reaches the watched tab over the app socket, decoded through proto/.
  const notified = await request.post('/internal/admin/notifications', {
    headers: { 'X-Admin-Secret': process.env.E2E_ADMIN_SECRET! },
    data: { email: provider.email, category: 'SYSTEM', title: 'Console red dot' },
  });
  expect(notified.status()).toBe(200);
  const redDot = row(console_, /tab \w+ · socket/, 'stomp/MESSAGE', /red dot/);
  await expect(redDot).toHaveCount(1);
  await redDot.click();
  await expect(console_.getByTestId('decoded')).toContainText('"type": "RED_DOT"');
  await expect(console_.getByTestId('decoded')).toContainText('"title": "Console red dot"');

  // Following the message id keeps its stanza and markers on both sides.
  await console_.getByLabel('Follow message id').fill(messageId);
  await expect(
    rows(console_)
      .filter({ hasText: /tab \w+ · chat/ })
      .first(),
  ).toBeVisible();
  await expect(rows(console_).filter({ hasText: 'stomp/' })).toHaveCount(0);
  await console_.getByLabel('Follow message id').fill('');

  // The raw editor checks well-formedness and shows the server's refusal.
  await chat.getByLabel('Raw stanza').fill('<message><body>unclosed</message>');
  await chat.getByRole('button', { name: 'Check' }).click();
  await expect(chat.locator('p.error')).toBeVisible();
  await chat.getByLabel('Template').selectOption('Refused: unknown query (service-unavailable)');
  await chat.getByRole('button', { name: 'Send stanza' }).click();
  const refused = row(console_, /member member-ava · chat/, 'iq/error', 'service-unavailable');
  await expect(refused).toHaveCount(1);

  // Export, clear, import: the same timeline, and no password in the file.
  await console_.getByRole('button', { name: 'Pause' }).click();
  const before = await rows(console_).allInnerTexts();
  const download = console_.waitForEvent('download');
  await console_.getByRole('button', { name: 'Export' }).click();
  const file = await (await download).path();
  const text = await readFile(file, 'utf8');
  expect(text).not.toContain(ava.chatPassword);
  expect(text).toContain('Hello from the console');
  await console_.getByRole('button', { name: 'Clear' }).click();
  await expect(rows(console_)).toHaveCount(0);
  await console_.locator('input[type=file]').setInputFiles(file);
  await expect(rows(console_)).toHaveCount(before.length);
  expect(await rows(console_).allInnerTexts()).toEqual(before);
});

test("the console as the portal's provider: her chat, and a chat-private frame built from the form", async ({
  page,
  context,
  request,
}) => {
  const bianca = member('bianca');
  const { provider, peer } = await memberOpensDialog(request, 'console-provider', 'bianca');
  await stopPeer(peer);
  await signInOverApi(page, provider.email, provider.password);

  const console_ = await context.newPage();
  await console_.goto('/console');
  const chat = console_.getByRole('region', { name: 'Chat user' });
  await chat.getByRole('button', { name: "Sign in as the portal's provider" }).click();
  await expect(chat.getByText(`chat id ${provider.chatId}`)).toBeVisible({ timeout: 60_000 });
  await expect(
    row(console_, /^provider · api$/, 'rest/GET', /\/api\/message\/qb\/user\/get.* → 200 OK/),
  ).toHaveCount(1);

  const socket = console_.getByRole('region', { name: 'App socket' });
  await socket.getByRole('button', { name: 'Connect the app socket' }).click();
  await expect(socket.getByTestId('socket-state')).toHaveText('connected');
  // The form is generated from UserChat: an empty item list is refused before anything is sent.
  await socket.getByLabel('receiver_chat_id', { exact: true }).fill(String(bianca.chatId));
  await socket.getByRole('button', { name: 'Send chat-private frame' }).click();
  await expect(socket.getByRole('alert', { name: 'Frame problems' })).toContainText('items: at least one');
  await socket.getByRole('button', { name: 'Add items', exact: true }).click();
  await socket.getByLabel('items[0].text.text', { exact: true }).fill('Frame from the form');
  await socket.getByRole('button', { name: 'Send chat-private frame' }).click();
  const sent = row(console_, /provider · socket/, 'stomp/SEND', `me → ${bianca.chatId}`);
  await expect(sent).toHaveCount(1);
  await sent.click();
  await expect(console_.getByTestId('decoded')).toContainText('"text": "Frame from the form"');
  // The server's answer about it arrives decoded: a chat event naming the same client message id.
  const clientMsgId = /"clientMsgId": "([^"]+)"/.exec(await console_.getByTestId('decoded').innerText())![1]!;
  await expect(row(console_, /provider · socket/, 'stomp/MESSAGE', clientMsgId).first()).toBeVisible();
});

test('over BOSH the console shows each HTTP request beside the stanzas it carries', async ({ page }) => {
  const emma = member('emma');
  await page.goto('/console');
  const chat = page.getByRole('region', { name: 'Chat user' });
  await chat.getByLabel('Transport').selectOption('bosh');
  await chat.getByLabel('Chat login').fill(emma.chatLogin);
  await chat.getByLabel('Chat password').fill(emma.chatPassword);
  await chat.getByRole('button', { name: 'Sign in as member' }).click();
  await expect(chat.getByText(`chat id ${emma.chatId}`)).toBeVisible({ timeout: 60_000 });
  await expect(
    row(page, /member member-emma · bosh/, 'bosh/POST', /\/http-bind rid=\d+ → 200/).first(),
  ).toBeVisible();
  await expect(row(page, /member member-emma · chat/, 'presence', '').first()).toBeVisible();
  await chat.getByRole('button', { name: 'Sign out' }).click();
});

test('a watched portal tab that fell back to BOSH shows its /http-bind requests', async ({
  page,
  context,
  request,
}) => {
  const { provider, dialogId, peer } = await memberOpensDialog(request, 'console-bosh', 'ava');
  try {
    // WebSockets blocked for the portal tab only: its chat falls back to BOSH (docs/reliability.md).
    await page.routeWebSocket(/\/xmpp-websocket$/, (socket) => socket.close());
    const boshPosts: string[] = [];
    page.on('request', (r) => {
      if (r.url().endsWith('/http-bind')) boshPosts.push(r.url());
    });
    await signInOverApi(page, provider.email, provider.password);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Messages' }).click();
    await expect(page.getByText('Choose a conversation on the left.')).toBeVisible();
    await expect(page.locator('[data-chat-link="online"]')).toHaveCount(1);
    await expect(page.locator('[data-link]')).toHaveCount(0);
    expect(boshPosts.length).toBeGreaterThan(0);

    const console_ = await context.newPage();
    await console_.goto('/console');
    await console_.getByRole('button', { name: 'Look for tabs' }).click();
    await console_.getByRole('region', { name: 'Live portal tabs' }).getByRole('checkbox').first().check();
    await expect(row(console_, /tab \w+/, 'note', 'attached')).toHaveCount(1);

    // A message from the member ends the request the tab holds open: the request and the stanza
    // it carried both reach the timeline.
    await peer.send(chatMessage(providerJid(provider.chatId), 'Over long polling', dialogId));
    const boshRow = row(console_, /tab \w+ · bosh/, 'bosh/POST', /\/http-bind rid=\d+ → 200 .* [1-9]\d* in/);
    await expect(boshRow.first()).toBeVisible({ timeout: 60_000 });
    await expect(row(console_, /tab \w+ · chat/, 'message/chat', 'Over long polling')).toHaveCount(1);
    await boshRow.first().click();
    await expect(console_.getByTestId('decoded')).toContainText('"status": 200');
  } finally {
    await stopPeer(peer);
  }
});
