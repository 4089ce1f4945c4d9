/**
 * Issue 4, the Messages screen in the browser against the real stack and the member simulator
 * (`npm run member`, a child process): a provider exchanges messages with a member, sees typing and
 * read ticks, finds the history after a reload, sends an image; blocks the member, whose next
 * message does not arrive; the unread red dot, gone also for a message taller than twice the message
 * pane; the /message?userId= deep link and a group dialog.
 */
import { expect, test, type Page } from '@playwright/test';
import { xml } from '@xmpp/client';
import { member } from '../../fixtures';
import { nextStanza } from '../support/chat-harness';
import { bsonId } from '../support/history';
import { startMember } from '../support/member-simulator';
import { stopPeer } from '../support/xmpp-peer';
import { chatMessage, freshChatProvider, memberOpensDialog, providerJid } from './messages-support';
import { openInPortal } from './in-portal';
import { signInAs, signInOverApi, signInThroughForm } from './support';

const emma = member('emma');

/** A noisy 2000×1200 PNG of several MB drawn by the browser, so spec §5 compression has work to do. */
async function bigPng(page: Page): Promise<Buffer> {
  const base64 = await page.evaluate(async () => {
    const canvas = new OffscreenCanvas(2000, 1200);
    const context = canvas.getContext('2d')!;
    const pixels = context.createImageData(2000, 1200);
    for (let i = 0; i < pixels.data.length; i++) pixels.data[i] = i % 4 === 3 ? 255 : Math.random() * 256;
    context.putImageData(pixels, 0, 0);
    const bytes = new Uint8Array(await (await canvas.convertToBlob({ type: 'image/png' })).arrayBuffer());
    let text = '';
    for (let i = 0; i < bytes.length; i += 0x8000)
      text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(text);
  });
  return Buffer.from(base64, 'base64');
}

test('a provider and a member exchange messages: typing, read ticks, history after a reload, an image', async ({
  page,
  request,
}) => {
  const provider = await freshChatProvider(request, 'chat');
  const sim = await startMember(process.env.E2E_BASE_URL!, 'emma', { typingMs: 1500 });
  try {
    await signInThroughForm(page, provider.email, provider.password);
    await expect(page).toHaveURL(/\/Dashboard\/Dashboard$/);
    await page.goto(`/message?userId=${emma.chatId}`);
    const conversation = page.getByRole('region', { name: 'Conversation with Emma Laurent' });
    // The whole login flow of spec §4 runs first.
    await expect(conversation).toBeVisible({ timeout: 60_000 });
    // The address keeps naming the conversation, so a reload shows it again.
    await expect(page).toHaveURL(new RegExp(`/message\\?userId=${emma.chatId}$`));
    await expect(conversation.getByText('No messages yet. Say hello!')).toBeVisible();
    const log = conversation.getByRole('list', { name: 'Messages with Emma Laurent' });
    const box = conversation.getByRole('textbox', { name: 'Message' });

    await box.fill('Good morning Emma, how was the scan?');
    await box.press('Enter');
    await expect(box).toHaveValue('');
    const mine = log.getByRole('listitem').filter({ hasText: 'Good morning Emma' }).first();
    await expect(conversation.getByText('is typing…')).toBeVisible();
    await expect(mine.getByRole('img', { name: 'Read' })).toBeVisible();
    await expect(log.getByText('Echo: Good morning Emma, how was the scan?')).toBeVisible();
    await expect(conversation.getByText('is typing…')).toBeHidden();

    // Spec §4: our contact request; the member accepts, and her presence shows.
    await conversation.getByRole('button', { name: 'Add as contact' }).click();
    await expect(conversation.getByText('Online', { exact: true })).toBeVisible();
    await expect(
      page.getByRole('navigation', { name: 'Conversations' }).getByRole('img', { name: 'Online' }),
    ).toBeVisible();
    await expect(conversation.getByRole('button', { name: 'Add as contact' })).toHaveCount(0);

    await box.fill('Line one');
    await box.press('Shift+Enter');
    await box.pressSequentially('Line two');
    await expect(box).toHaveValue('Line one\nLine two');
    await box.press('Enter');
    await expect(log.getByText('Echo: Line one Line two')).toBeVisible();

    await page.reload();
    await expect(conversation).toBeVisible();
    await expect(log.getByText('Good morning Emma, how was the scan?', { exact: true })).toBeVisible();
    await expect(log.getByText('Echo: Good morning Emma, how was the scan?')).toBeVisible();
    await expect(log.getByText('Echo: Line one Line two')).toBeVisible();
    await expect(mine.getByRole('img', { name: 'Read' })).toBeVisible();
    await expect(log.getByRole('listitem')).toHaveCount(4);

    await conversation
      .locator('input[type="file"]')
      .setInputFiles({ name: 'chart.png', mimeType: 'image/png', buffer: await bigPng(page) });
    // Issue 26: nothing goes before the preview is confirmed.
    await page
      .getByRole('dialog', { name: 'Send this image?' })
      .getByRole('button', { name: 'Send image' })
      .click();
    // Spec §5: between 1 and 10 MB, re-encoded (PNG becomes JPEG) at most 1600 px wide, then sent.
    const sent = log.getByRole('img', { name: 'chart.jpg' });
    await expect(sent.first()).toBeVisible();
    await expect.poll(() => sent.first().evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1600);
    await expect(sent).toHaveCount(2);
    // Everything the member sent was seen here: nothing unread anywhere.
    await expect(page.getByTestId('messages-red-dot')).toHaveCount(0);
  } finally {
    await sim.stop();
  }
});

test('a member’s message taller than twice the message pane is read once it fills the pane', async ({
  page,
  request,
}) => {
  const { provider, dialogId, peer } = await memberOpensDialog(request, 'longread', 'emma');
  // About 5,000 characters: at this window's height the bubble is more than twice the pane.
  const long = `${'I wrote down everything about this cycle, day by day, as you asked me to. '.repeat(67)}End.`;
  try {
    await page.setViewportSize({ width: 1280, height: 600 });
    await signInOverApi(page, provider.email, provider.password);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    await peer.send(chatMessage(providerJid(provider.chatId), long, dialogId, { id: bsonId() }));
    await expect(menu.getByTestId('messages-red-dot')).toBeVisible();

    await page.getByRole('link', { name: 'Open messages, 1 unread' }).click();
    await page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('button', { name: /^Emma Laurent\s*, 1 unread message$/ })
      .click();
    const conversation = page.getByRole('region', { name: 'Conversation with Emma Laurent' });
    const pane = conversation.getByRole('log', { name: 'Messages with Emma Laurent' });
    const row = pane.getByRole('listitem').filter({ hasText: 'End.' });
    await expect(row).toBeVisible();
    const [rowBox, paneBox] = [(await row.boundingBox())!, (await pane.boundingBox())!];
    expect(rowBox.height).toBeGreaterThan(2 * paneBox.height);
    // Half of it is never on screen; filling the pane, it is read all the same.
    await expect(menu.getByTestId('messages-red-dot')).toHaveCount(0);
    await expect(
      page.getByRole('navigation', { name: 'Conversations' }).getByRole('button', { name: /^Emma Laurent/ }),
    ).not.toHaveAccessibleName(/unread/);
  } finally {
    await stopPeer(peer);
  }
});

test('a member’s message sets the red dots; blocking stops the member’s messages until unblocked', async ({
  page,
  request,
}) => {
  const { provider, dialogId, peer } = await memberOpensDialog(request, 'block', 'emma');
  const fromMember = (text: string) =>
    peer.send(chatMessage(providerJid(provider.chatId), text, dialogId, { id: bsonId() }));
  try {
    await signInOverApi(page, provider.email, provider.password);
    const menu = page.getByRole('navigation', { name: 'Main menu' });
    // A new provider's dashboard is her onboarding checklist (issue 26), without the unread figure;
    // the red dots say it (the figure is checked for a seeded provider below).
    await expect(menu.getByTestId('messages-red-dot')).toHaveCount(0);

    await fromMember('Hello, are you free to talk about my results?');
    await expect(menu.getByTestId('messages-red-dot')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Open messages, 1 unread' })).toBeVisible();
    await expect(page.getByTestId('floating-chat-red-dot')).toBeVisible();

    await page.getByRole('link', { name: 'Open messages, 1 unread' }).click();
    await expect(page).toHaveURL(/\/message$/);
    await page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('button', { name: /^Emma Laurent\s*, 1 unread message$/ })
      .click();
    const conversation = page.getByRole('region', { name: 'Conversation with Emma Laurent' });
    const log = conversation.getByRole('list', { name: 'Messages with Emma Laurent' });
    await expect(log.getByText('Hello, are you free to talk about my results?')).toBeVisible();
    await expect(menu.getByTestId('messages-red-dot')).toHaveCount(0);

    // Spec §4: the member's contact request, accepted here.
    const approved = nextStanza(peer, (s) => s.is('presence') && s.attrs.type === 'subscribed');
    await peer.send(xml('presence', { to: providerJid(provider.chatId), type: 'subscribe' }));
    const requests = page.getByRole('region', { name: 'Contact requests' });
    await expect(requests.getByText('Emma Laurent wants to add you as a contact.')).toBeVisible();
    await requests.getByRole('button', { name: 'Accept' }).click();
    await approved;
    await expect(requests).toHaveCount(0);

    await conversation.getByRole('button', { name: 'Block' }).click();
    const confirm = page.getByRole('dialog', { name: 'Block Emma Laurent?' });
    await confirm.getByRole('button', { name: 'Block' }).click();
    await expect(confirm).toBeHidden();
    await expect(conversation.getByRole('button', { name: 'Unblock' })).toBeVisible();
    await expect(conversation.getByRole('textbox', { name: 'Message' })).toBeDisabled();

    // Mutual block (spec §3): the member's message bounces back to the member and never arrives.
    const bounced = nextStanza(peer, (s) => s.is('message') && s.attrs.type === 'error');
    await fromMember('This one is blocked');
    await bounced;
    await conversation.getByRole('button', { name: 'Unblock' }).click();
    await expect(conversation.getByRole('textbox', { name: 'Message' })).toBeEnabled();
    await fromMember('And this one arrives');
    await expect(log.getByText('And this one arrives')).toBeVisible();
    await expect(log.getByText('This one is blocked')).toHaveCount(0);

    // Offline (spec §4 connection states): shown, and what is written waits for the connection.
    await page.context().setOffline(true);
    await expect(
      page.getByText('You are offline. Messages will be sent when the connection is back.'),
    ).toBeVisible();
    const box = conversation.getByRole('textbox', { name: 'Message' });
    await box.fill('Written while offline');
    await box.press('Enter');
    const waiting = log.getByRole('listitem').filter({ hasText: 'Written while offline' });
    await expect(waiting.getByRole('img', { name: 'Waiting to be sent' })).toBeVisible();
    await page.context().setOffline(false);
    await expect(waiting.getByRole('img', { name: 'Sent', exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(page.getByText('You are offline.')).toHaveCount(0);

    await page.reload();
    await page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('button', { name: /Emma Laurent/ })
      .click();
    await expect(log.getByText('And this one arrives')).toBeVisible();
    await expect(log.getByText('Written while offline')).toBeVisible();
    await expect(log.getByText('This one is blocked')).toHaveCount(0);
  } finally {
    await stopPeer(peer);
  }
});

test('seeded conversations: unread red dot, the deep link from Clients, and a group room', async ({
  page,
}) => {
  await signInAs(page, 'amelia');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  // Seed (fixtures/chat.json): Ava 2, Clara 1, Fatima 1 and the group 1 unread, 5 in all, unless a
  // file before this one read some (languages.spec.ts opens Ava's when both run in one process).
  // Clara's and the group's are read only here, so the figure goes down by one with each, and
  // stays above nought for the red dot to show.
  const figure = page.getByLabel(/^Unread messages: \d+$/);
  await expect(figure).toBeVisible();
  const unread = Number((await figure.getAttribute('aria-label'))!.replace(/\D+/g, ''));
  expect(unread).toBeGreaterThanOrEqual(3);
  expect(unread).toBeLessThanOrEqual(5);
  const dot = (n: number) => `${n} unread message${n === 1 ? '' : 's'}`;
  await expect(menu.getByTestId('messages-red-dot')).toHaveAttribute('aria-label', dot(unread));

  await menu.getByRole('link', { name: 'Clients' }).click();
  await page.getByRole('link', { name: 'Message Clara Jensen' }).first().click();
  const clara = page.getByRole('region', { name: 'Conversation with Clara Jensen' });
  await expect(clara).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/message\\?userId=${member('clara').chatId}$`));
  await expect(
    clara.getByText('When exactly should I take the first injection: morning or evening?'),
  ).toBeVisible();
  await expect(menu.getByTestId('messages-red-dot')).toHaveAttribute('aria-label', dot(unread - 1));
  const dialogs = page.getByRole('navigation', { name: 'Conversations' });
  await expect(dialogs.getByRole('button', { name: 'Clara Jensen', exact: true })).toBeVisible();

  await dialogs.getByRole('button', { name: /IVF preparation circle/ }).click();
  const group = page.getByRole('region', { name: 'Conversation with IVF preparation circle' });
  await expect(group.getByText('1 of 3 in the room now')).toBeVisible();
  const members = group.getByRole('region', { name: '3 members' });
  await expect(members.getByText('Daniela Moreno')).toBeVisible();
  const message = group.getByRole('listitem').filter({ hasText: 'Yes! I set two alarms now.' });
  await expect(message.getByText('Daniela Moreno')).toBeVisible();
  await expect(menu.getByTestId('messages-red-dot')).toHaveAttribute('aria-label', dot(unread - 2));
  const box = group.getByRole('textbox', { name: 'Message' });
  await box.fill('Reminder: bring your medication plan on Monday.');
  await box.press('Enter');
  const sent = group.getByRole('listitem').filter({ hasText: 'Reminder: bring your medication plan' });
  await expect(sent.getByRole('img', { name: 'Sent', exact: true })).toBeVisible();

  // Keyboard: the list is navigable with the arrow keys.
  await dialogs.getByRole('button', { name: /IVF preparation circle/ }).focus();
  await page.keyboard.press('Home');
  await expect(dialogs.getByRole('button').first()).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(dialogs.getByRole('button').nth(1)).toBeFocused();
});

test('the app socket lives across both layouts; the chat closes on the pages that do not use it (spec §2)', async ({
  page,
}) => {
  const sockets: Array<{ url: string; closed: boolean }> = [];
  page.on('websocket', (ws) => {
    const entry = { url: ws.url(), closed: false };
    sockets.push(entry);
    ws.on('close', () => (entry.closed = true));
  });
  const open = (path: string) => sockets.filter((s) => s.url.endsWith(path) && !s.closed).length;
  const opened = (path: string) => sockets.filter((s) => s.url.endsWith(path)).length;

  await signInAs(page, 'amelia');
  await expect.poll(() => open('/xmpp-websocket')).toBe(1);
  await expect.poll(() => open('/socket')).toBe(1);

  await openInPortal(page, '/question');
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);
  await expect.poll(() => open('/xmpp-websocket')).toBe(0);
  expect(open('/socket')).toBe(1);
  expect(opened('/socket')).toBe(1);

  await openInPortal(page, '/Dashboard/Dashboard');
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toBeVisible();
  await expect.poll(() => open('/xmpp-websocket')).toBe(1);
  expect(opened('/socket')).toBe(1);
});
