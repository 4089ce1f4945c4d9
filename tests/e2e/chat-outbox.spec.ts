/**
 * Nothing a provider typed is lost (docs/architecture.md §3 "Outbox"): the chat's sockets are
 * cut and kept cut (WebSocket and BOSH), the provider writes a message, which shows as waiting;
 * the page is reloaded while the chat is still cut and the message is still there, waiting (kept
 * in IndexedDB); then the tab dies without unloading (as in a crash), the chat can connect again,
 * and a new tab sends it; it shows as sent, and the member (the simulator of `npm run member`) gets it exactly once: one echo, and
 * one copy in her history.
 */
import { expect, test, type Page, type WebSocketRoute } from '@playwright/test';
import { member } from '../../fixtures';
import { qbClient } from '../support/qb';
import { startMember } from '../support/member-simulator';
import { freshChatProvider } from './messages-support';
import { signInOverApi } from './support';

const emma = member('emma');

test('a message written while the chat is down survives a reload and a crashed tab, and reaches the member once', async ({
  context,
  page,
  request,
}) => {
  const provider = await freshChatProvider(request, 'outbox');
  const sim = await startMember(process.env.E2E_BASE_URL!, 'emma', { typingMs: 100 });
  let cut = false;
  const live = new Set<WebSocketRoute>();
  // For every tab of the browser: the chat's WebSocket and BOSH, cut while `cut` is set.
  await context.routeWebSocket(/\/xmpp-websocket/, (ws) => {
    if (cut) return ws.close();
    live.add(ws);
    ws.connectToServer();
  });
  await context.route(/\/http-bind/, (route) =>
    cut ? route.abort('internetdisconnected') : route.continue(),
  );
  try {
    await signInOverApi(page, provider.email, provider.password, `/message?userId=${emma.chatId}`);
    const conversation = page.getByRole('region', { name: 'Conversation with Emma Laurent' });
    await expect(conversation).toBeVisible({ timeout: 60_000 });
    const mineOn = (tab: Page) =>
      tab
        .getByRole('region', { name: 'Conversation with Emma Laurent' })
        .getByRole('list', { name: 'Messages with Emma Laurent' })
        .getByRole('listitem')
        .filter({ hasText: text })
        .filter({ hasNotText: 'Echo:' });
    const openDialog = (tab: Page) =>
      tab
        .getByRole('navigation', { name: 'Conversations' })
        .getByRole('button', { name: /Emma Laurent/ })
        .click();
    const box = conversation.getByRole('textbox', { name: 'Message' });
    const text = `Written offline ${Date.now()}`;

    cut = true;
    for (const ws of live) await ws.close();
    live.clear();
    await expect(page.getByRole('status').filter({ hasText: /connection was lost|offline/ })).toBeVisible();
    await box.fill(text);
    await box.press('Enter');
    await expect(mineOn(page).getByRole('img', { name: 'Waiting to be sent' })).toBeVisible();

    // Reloaded while the chat is still cut: the message is kept, still waiting.
    await page.reload();
    await openDialog(page);
    await expect(mineOn(page).getByRole('img', { name: 'Waiting to be sent' })).toBeVisible();

    // The tab dies without unloading (a crash); the chat is back; a new tab sends it.
    await page.close({ runBeforeUnload: false });
    cut = false;
    const tab = await context.newPage();
    await tab.goto('/message');
    await openDialog(tab);
    const tabLog = tab
      .getByRole('region', { name: 'Conversation with Emma Laurent' })
      .getByRole('list', { name: 'Messages with Emma Laurent' });
    await expect(tabLog.getByText(`Echo: ${text}`)).toBeVisible({ timeout: 60_000 });
    await expect(mineOn(tab).getByRole('img', { name: /Sent|Delivered|Read/ })).toBeVisible();
    await expect(mineOn(tab)).toHaveCount(1);

    // Exactly once at the member: one echo (after a pause for a late duplicate), one history row.
    await tab.waitForTimeout(2000);
    await expect(tabLog.getByText(`Echo: ${text}`)).toHaveCount(1);
    const qb = qbClient(process.env.E2E_BASE_URL!);
    const token = await qb.memberSession('emma');
    const dialogs = await qb.call('GET', '/chat/Dialog.json', { token });
    const items = (dialogs.body as { items: Array<{ _id: string; occupants_ids: number[] }> }).items;
    const dialog = items.find((d) => d.occupants_ids.includes(provider.chatId));
    expect(dialog).toBeDefined();
    const history = await qb.call('GET', `/chat/Message.json?chat_dialog_id=${dialog!._id}&limit=100`, {
      token,
    });
    const bodies = (history.body as { items: Array<{ message: string }> }).items.map((m) => m.message);
    expect(bodies.filter((body) => body === text)).toHaveLength(1);
    expect(bodies.filter((body) => body === `Echo: ${text}`)).toHaveLength(1);
  } finally {
    await sim.stop();
  }
});
