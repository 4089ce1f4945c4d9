/**
 * The dialog list could not be had at sign-in (spec §7 getDialogs answered 503): the Messages
 * screen says so, not "No conversations yet", and offers a retry; once the list comes, the group
 * rooms the login could not know are joined, so a post to one is taken by the room (shown Sent,
 * its echo being the server's acknowledgement) rather than refused (XEP-0045 §7.4).
 */
import { expect, test } from '@playwright/test';
import { member } from '../../fixtures';
import { stopPeer } from '../support/xmpp-peer';
import { memberOpensDialog } from './messages-support';
import { signInOverApi } from './support';

const emma = member('emma');

test('a dialog list that failed at sign-in is told, retried, and its group room joined', async ({
  page,
  request,
}) => {
  const { provider, qb, memberToken, peer } = await memberOpensDialog(request, 'list-failed', 'emma');
  await stopPeer(peer);
  const created = await qb.call('POST', '/chat/Dialog.json', {
    token: memberToken,
    form: { type: 2, name: 'Retry circle', occupants_ids: String(provider.chatId) },
  });
  expect(created.status).toBe(201);

  let failing = true;
  let refused = 0;
  await page.route(/\/api\/message\/qb\/doctor\/getDialogs/, (route) => {
    if (!failing) return route.continue();
    refused += 1;
    return route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'UNAVAILABLE', message: 'The service is unavailable.' }),
    });
  });
  await signInOverApi(page, provider.email, provider.password, '/message');
  const failed = page.getByRole('alert').filter({ hasText: 'Your conversations could not be loaded.' });
  await expect(failed).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText('No conversations yet. Start one from a client’s page.')).toHaveCount(0);
  // The chat's login went on without the list: its own listing (after the screen's) was refused.
  await expect(page.locator('[data-chat-link="online"]')).toHaveCount(1, { timeout: 60_000 });
  await expect.poll(() => refused, { timeout: 30_000 }).toBeGreaterThanOrEqual(2);

  failing = false;
  await failed.getByRole('button', { name: 'Try again' }).click();
  const dialogs = page.getByRole('navigation', { name: 'Conversations' });
  await expect(dialogs.getByRole('button', { name: new RegExp(emma.name) })).toBeVisible();
  await expect(failed).toHaveCount(0);
  // The button went with the failure: the keyboard's focus stays in the main region.
  await expect(page.getByRole('main')).toBeFocused();

  await dialogs.getByRole('button', { name: /Retry circle/ }).click();
  const circle = page.getByRole('region', { name: 'Conversation with Retry circle' });
  const box = circle.getByRole('textbox', { name: 'Message' });
  await box.fill('Welcome, the list is back');
  await box.press('Enter');
  const post = circle.getByRole('listitem').filter({ hasText: 'Welcome, the list is back' });
  await expect(post.getByRole('img', { name: 'Sent', exact: true })).toBeVisible({ timeout: 30_000 });
});
