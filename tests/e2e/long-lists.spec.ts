/**
 * Issue 16 "Long conversations stay fast" (docs/performance.md "Long lists"): with many dialogs
 * and a long conversation, the dialog list and the message log keep only the rows in view in the
 * DOM, tell screen readers each row's place in the whole list, page older history in as the
 * provider scrolls up without moving what they are reading, and keep the keyboard working.
 */
import { expect, test, type Locator } from '@playwright/test';
import { member } from '../../fixtures';
import { privateDialog, providerChatSession, seedConversation, seedDialogs } from '../support/long-chat';
import { qbClient } from '../support/qb';
import { freshChatProvider } from './messages-support';
import { signInOverApi } from './support';

const emma = member('emma');
const MESSAGES = 200;
const OTHER_DIALOGS = 30;
/** Well above what fits on screen plus the overscan, well below everything. */
const MAX_ROWS = 40;

/**
 * Whether the virtualiser has measured the rows in the DOM: each next row is placed where the one
 * before ends. A row just brought on screen is placed on an estimate and measured a frame or more
 * later, and that correction moves the rows around it (docs/performance.md "Long lists").
 */
const measured = (row: Locator) =>
  row.evaluate((li) => {
    const rows = [...li.parentElement!.children] as HTMLElement[];
    const top = (el: HTMLElement) => parseFloat(el.style.top);
    return rows.every(
      (r, i) => i === 0 || Math.abs(top(r) - top(rows[i - 1]!) - rows[i - 1]!.offsetHeight) < 1,
    );
  });

/** The row's top once the virtualiser has measured the rows and two readings a few frames apart agree. */
async function settledY(row: Locator): Promise<number> {
  const frames = () =>
    row.evaluate(
      () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
    );
  await expect.poll(() => measured(row)).toBe(true);
  let y = (await row.boundingBox())!.y;
  for (;;) {
    await frames();
    const next = (await row.boundingBox())!.y;
    if (next === y) return y;
    y = next;
  }
}

const setSize = (list: Locator) =>
  list.getByRole('listitem').first().getAttribute('aria-setsize').then(Number);

test('a long conversation and many dialogs render only what is in view; older history comes in without a jump', async ({
  page,
  request,
}) => {
  const base = process.env.E2E_BASE_URL!;
  const provider = await freshChatProvider(request, 'long');
  const qb = qbClient(base);
  const providerToken = await providerChatSession(base, provider.token);
  const dialogId = await privateDialog(qb, providerToken, emma.chatId);
  await Promise.all([
    seedConversation(qb, dialogId, [await qb.memberSession('emma'), providerToken], MESSAGES),
    seedDialogs(qb, providerToken, OTHER_DIALOGS, 86_400),
  ]);

  await signInOverApi(page, provider.email, provider.password, '/message');
  const dialogs = page.getByRole('navigation', { name: 'Conversations' });
  await dialogs.getByRole('button', { name: /Emma Laurent/ }).click();
  const conversation = page.getByRole('region', { name: 'Conversation with Emma Laurent' });
  const log = conversation.getByRole('list', { name: 'Messages with Emma Laurent' });
  const scroller = log.locator('xpath=..');

  // Opened at the newest message; the first pages are in, the rest waits above.
  await expect(log.getByText(`#${MESSAGES} `)).toBeInViewport();
  await expect.poll(() => setSize(log)).toBeGreaterThanOrEqual(20);

  // Scrolling to the top pages older history in; the message at the top stays where it was. The
  // page is held back until the position is noted.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/chat\/Message\.json/, async (route) => {
    if (route.request().method() === 'GET') await held;
    await route.fallback();
  });
  const before = await setSize(log);
  await scroller.evaluate((el) => (el.scrollTop = 0));
  const top = log.locator('li[aria-posinset="1"]');
  const text = (await top.innerText()).split('\n')[0]!;
  // The rows the jump brought into view are measured a frame or more later on a busy machine; the
  // position is noted once the top row is measured and holds across frames, as a reader sees it.
  const y = await settledY(top);
  release();
  await expect.poll(() => setSize(log)).toBeGreaterThan(before);
  const same = log.getByRole('listitem').filter({ hasText: text });
  await expect.poll(async () => Math.round((await same.boundingBox())!.y - y)).toBe(0);
  await page.unrouteAll();

  // All of it, page by page: still only a screenful of bubbles in the DOM.
  for (let size = await setSize(log); size < MESSAGES; size = await setSize(log)) {
    await scroller.evaluate((el) => (el.scrollTop = 0));
    await expect.poll(() => setSize(log)).toBeGreaterThan(size);
  }
  await scroller.evaluate((el) => (el.scrollTop = 0));
  await expect(log.getByText('#1 ', { exact: false }).first()).toBeInViewport();
  await expect(conversation.getByRole('button', { name: 'Load older messages' })).toHaveCount(0);
  expect(await log.getByRole('listitem').count()).toBeLessThanOrEqual(MAX_ROWS);

  // A message of ours brings the view back to the newest.
  const box = conversation.getByRole('textbox', { name: 'Message' });
  await box.fill('Back at the bottom');
  await box.press('Enter');
  await expect(log.getByRole('listitem').filter({ hasText: 'Back at the bottom' })).toBeInViewport();
  expect(await log.getByRole('listitem').count()).toBeLessThanOrEqual(MAX_ROWS);

  // The dialog list: a screenful of rows, each knowing its place; End and Home reach either end.
  const rows = dialogs.getByRole('listitem');
  await expect(rows.first()).toHaveAttribute('aria-setsize', String(OTHER_DIALOGS + 1));
  expect(await rows.count()).toBeLessThan(OTHER_DIALOGS);
  await dialogs.getByRole('button', { name: /Emma Laurent/ }).focus();
  await page.keyboard.press('End');
  await expect(
    dialogs.getByRole('button', { name: new RegExp(`Client \\w+ ${OTHER_DIALOGS}$`) }),
  ).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(
    dialogs.getByRole('button', { name: new RegExp(`Client \\w+ ${OTHER_DIALOGS - 1}$`) }),
  ).toBeFocused();
  await page.keyboard.press('Home');
  await expect(dialogs.getByRole('button').first()).toBeFocused();
  await expect(dialogs.getByRole('button').first()).toHaveAccessibleName(/Emma Laurent/);
});
