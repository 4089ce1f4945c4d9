/**
 * Issue 4, the Messages screen in the browser against the real stack and the member simulator
 * (`npm run member`, a child process): a provider exchanges messages with a member, sees typing and
 * read ticks, finds the history after a reload, sends an image; blocks the member, whose next
 * message does not arrive; the unread red dot; the /message?userId= deep link and a group dialog.
 */
import { expect, test, type Page } from '@playwright/test';
import { member } from '../../fixtures';
import { startMember } from '../support/member-simulator';
import { freshChatProvider } from './messages-support';
import { signInThroughForm } from './support';

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
  test.setTimeout(120_000);
  const provider = await freshChatProvider(request, 'chat');
  const sim = await startMember(process.env.E2E_BASE_URL!, 'emma', { typingMs: 1500 });
  try {
    await signInThroughForm(page, provider.email, provider.password);
    await expect(page).toHaveURL(/\/Dashboard\/Dashboard$/);
    await page.goto(`/message?userId=${emma.chatId}`);
    const conversation = page.getByRole('region', { name: 'Conversation with Emma Laurent' });
    await expect(conversation).toBeVisible();
    await expect(page).toHaveURL(/\/message$/);
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

    await box.fill('Line one');
    await box.press('Shift+Enter');
    await box.pressSequentially('Line two');
    await expect(box).toHaveValue('Line one\nLine two');
    await box.press('Enter');
    await expect(log.getByText('Echo: Line one Line two')).toBeVisible();

    await page.reload();
    await page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('button', { name: /Emma Laurent/ })
      .click();
    await expect(log.getByText('Good morning Emma, how was the scan?', { exact: true })).toBeVisible();
    await expect(log.getByText('Echo: Good morning Emma, how was the scan?')).toBeVisible();
    await expect(log.getByText('Echo: Line one Line two')).toBeVisible();
    await expect(mine.getByRole('img', { name: 'Read' })).toBeVisible();
    await expect(log.getByRole('listitem')).toHaveCount(4);

    await conversation
      .locator('input[type="file"]')
      .setInputFiles({ name: 'chart.png', mimeType: 'image/png', buffer: await bigPng(page) });
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
