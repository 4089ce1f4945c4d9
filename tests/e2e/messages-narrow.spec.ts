/**
 * The Messages screen on a phone-width window (docs/conventions.md "Accessibility"): the dialog
 * list or the open conversation, one at a time and full width, with a way back to the list that
 * returns focus to the row she left; side by side on a wide window, as before.
 */
import { expect, test, type Page } from '@playwright/test';
import { member } from '../../fixtures';
import { signInAs } from './support';

const bianca = member('bianca');

const overflows = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);

test('at 375 px the list or the conversation fills the width, with a way back to the list', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAs(page, 'amelia', '/message');
  const dialogs = page.getByRole('navigation', { name: 'Conversations' });
  const row = dialogs.getByRole('button', { name: bianca.name, exact: true });
  await row.click();
  const conversation = page.getByRole('region', { name: `Conversation with ${bianca.name}` });
  await expect(page).toHaveURL(new RegExp(`/message\\?userId=${bianca.chatId}$`));
  await expect(conversation.getByRole('textbox', { name: 'Message' })).toBeInViewport({ ratio: 1 });
  await expect(dialogs).toBeHidden();
  expect(await overflows(page)).toBe(false);

  const back = conversation.getByRole('button', { name: 'Back to conversations' });
  await back.focus();
  await page.keyboard.press('Enter');
  await expect(row).toBeFocused();
  await expect(conversation).toHaveCount(0);
  await expect(page).toHaveURL(/\/message$/);
  expect(await overflows(page)).toBe(false);

  // The browser's Back goes to the list too: opening a conversation from it was a step.
  await row.click();
  await expect(back).toBeVisible();
  await page.goBack();
  await expect(row).toBeFocused();
  await expect(conversation).toHaveCount(0);

  await page.setViewportSize({ width: 1280, height: 800 });
  await row.click();
  await expect(conversation.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await expect(dialogs).toBeVisible();
  await expect(back).toBeHidden();
});
