/**
 * Signing out on purpose on a shared computer (docs/security.md "Automatic logoff"): with a chat
 * message still unsent (the chat's sockets are cut), "Sign out" asks first — the count, that it
 * will be deleted, "Stay signed in" to send it. Staying keeps the session and the message; signing
 * out deletes that chat user's kept records from IndexedDB. Offline (no request gets through), the
 * question still opens and signing out ends on the login page, which works once the network is
 * back, instead of on "This page could not be loaded". With the chat open, the browser lets the
 * session go before it tells the server, so the server closing the chat stream is not a drop the
 * page reconnects from or counts unread messages over.
 */
import { expect, test, type Page, type WebSocketRoute } from '@playwright/test';
import { member } from '../../fixtures';
import { freshChatProvider } from './messages-support';
import { signInOverApi } from './support';

const emma = member('emma');

/** The chat user's records in the kept outbox of this browser (IndexedDB `portal-chat-outbox`). */
const keptRecords = (page: Page, owner: number) =>
  page.evaluate(
    (who) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('portal-chat-outbox');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('outgoing')) return resolve(0);
          const count = db.transaction('outgoing').objectStore('outgoing').index('owner').count(who);
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
      }),
    owner,
  );

test('sign-out with an unsent message asks, stays on request, and deletes the kept message on confirm', async ({
  context,
  page,
  request,
}) => {
  const provider = await freshChatProvider(request, 'signout-outbox');
  let cut = false;
  const live = new Set<WebSocketRoute>();
  await context.routeWebSocket(/\/xmpp-websocket/, (ws) => {
    if (cut) return ws.close();
    live.add(ws);
    ws.connectToServer();
  });
  await context.route(/\/http-bind/, (route) =>
    cut ? route.abort('internetdisconnected') : route.continue(),
  );

  await signInOverApi(page, provider.email, provider.password, `/message?userId=${emma.chatId}`);
  const conversation = page.getByRole('region', { name: 'Conversation with Emma Laurent' });
  await expect(conversation).toBeVisible({ timeout: 60_000 });

  cut = true;
  for (const ws of live) await ws.close();
  live.clear();
  await expect(page.getByRole('status').filter({ hasText: /connection was lost|offline/ })).toBeVisible();
  const box = conversation.getByRole('textbox', { name: 'Message' });
  const text = `Unsent at sign-out ${Date.now()}`;
  await box.fill(text);
  await box.press('Enter');
  await expect(
    conversation
      .getByRole('listitem')
      .filter({ hasText: text })
      .getByRole('img', { name: 'Waiting to be sent' }),
  ).toBeVisible();
  await expect.poll(() => keptRecords(page, provider.chatId)).toBe(1);

  const signOut = page.getByRole('banner').getByRole('button', { name: 'Sign out' });
  await signOut.click();
  const ask = page.getByRole('dialog', { name: 'Sign out and delete unsent messages?' });
  await expect(ask).toContainText('1 message you wrote has not been sent yet');
  await expect(ask).toContainText('it will be deleted from this computer');
  await ask.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(ask).toBeHidden();
  await expect(page).toHaveURL(/\/message/);
  expect(await keptRecords(page, provider.chatId)).toBe(1);

  await signOut.click();
  await ask.getByRole('button', { name: 'Sign out and delete' }).click();
  await expect(page).toHaveURL(/\/login/);
  expect(await keptRecords(page, provider.chatId)).toBe(0);
});

test('signing out offline with a message waiting ends signed out on the login page, which works once the network is back', async ({
  context,
  page,
  request,
}) => {
  const provider = await freshChatProvider(request, 'signout-offline');
  let offline = false;
  const live = new Set<WebSocketRoute>();
  await context.routeWebSocket(/\/(xmpp-websocket|socket)$/, (ws) => {
    if (offline) return ws.close();
    live.add(ws);
    ws.connectToServer();
  });

  await signInOverApi(page, provider.email, provider.password, `/message?userId=${emma.chatId}`);
  const conversation = page.getByRole('region', { name: 'Conversation with Emma Laurent' });
  await expect(conversation).toBeVisible({ timeout: 30_000 });

  // The network goes: requests fail and the sockets drop.
  offline = true;
  await context.setOffline(true);
  for (const ws of live) await ws.close();
  live.clear();
  const box = conversation.getByRole('textbox', { name: 'Message' });
  await box.fill(`Waiting at an offline sign-out ${Date.now()}`);
  await box.press('Enter');
  await expect(conversation.getByRole('img', { name: 'Waiting to be sent' })).toBeVisible();

  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  const ask = page.getByRole('dialog', { name: 'Sign out and delete unsent messages?' });
  await ask.getByRole('button', { name: 'Sign out and delete' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('This page could not be loaded')).toHaveCount(0);
  await expect(
    page.getByRole('heading', { name: /Sign in to the provider portal|You are signed out/ }),
  ).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('authToken'))).toBeNull();
  expect(await keptRecords(page, provider.chatId)).toBe(0);

  // She signs in on the page she is on once the network is back. Where the login page's code had
  // not loaded offline, the page reloads itself when the browser is online again, so the form is
  // waited for rather than the page loaded anew (a load raced that reload and was aborted).
  offline = false;
  await context.setOffline(false);
  await expect(page.getByLabel('Email')).toBeVisible();
  await page.getByLabel('Email').fill(provider.email);
  await page.getByLabel('Password', { exact: true }).fill(provider.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/Dashboard\/Dashboard$/);
});

test('signing out with the chat open lets it go first: nothing reconnects or asks for unread counts, and the server ends the session', async ({
  page,
  request,
}) => {
  const provider = await freshChatProvider(request, 'signout-chat');
  await signInOverApi(page, provider.email, provider.password, `/message?userId=${emma.chatId}`);
  const conversation = page.getByRole('region', { name: 'Conversation with Emma Laurent' });
  await expect(conversation.getByRole('textbox', { name: 'Message' })).toBeEnabled({ timeout: 60_000 });
  const token = (await page.evaluate(() => localStorage.getItem('authToken')))!;

  // What the page does once "Sign out" is clicked, but for the sign-out itself.
  const after: string[] = [];
  page.on('request', (r) => {
    if (!r.url().includes('/sign/out/')) after.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  page.on('websocket', (ws) => after.push(`socket ${new URL(ws.url()).pathname}`));
  page.on('response', (r) => {
    if (r.status() === 401) after.push(`401 ${new URL(r.url()).pathname}`);
  });
  await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login/);

  // The server ended the session (and with it the chat stream it had open) …
  await expect
    .poll(async () => {
      const answer = await request.get('/api/consultation/invite/doctor/having/consultation/counts', {
        headers: { apiVersion: '7', os: 'web', authToken: token },
      });
      return ((await answer.json()) as { code: string }).code;
    })
    .toBe('TOKEN_ERR_LOGOUT');
  // … after the browser had let it go: no reconnect, no unread list asked with the ended token.
  expect(
    after.filter((line) => /unreadDialogs|xmpp-websocket|http-bind|^socket \/socket|^401/.test(line)),
  ).toEqual([]);
});
