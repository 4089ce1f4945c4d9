/**
 * Issue 14, calls from the protocol console: the console, signed in as a member, places a call
 * that the provider answers in the portal's call screens, and an audio call that a `src/webrtc`
 * peer in Node (with @roamhq/wrtc) answers; the timeline shows the signals decoded (wire §20) and
 * the console sees the connection.
 */
import { expect, test, type Page } from '@playwright/test';
import { member, personas } from '../../fixtures';
import { createCallClient, type CallSession } from '../../src/webrtc';
import { createChatClient, moduleCarrier } from '../../src/xmpp';
import { fakeMedia, nodeWrtc } from '../support/call-media';
import { stopPeer } from '../support/xmpp-peer';
import { memberOpensDialog } from './messages-support';
import { signInOverApi } from './support';

const clara = member('clara');
const fatima = member('fatima');

async function consoleSignsIn(page: Page, who: ReturnType<typeof member>, peer: number) {
  await page.goto('/console');
  const panel = page.getByRole('region', { name: 'Chat user' });
  await panel.getByLabel('Chat login').fill(who.chatLogin);
  await panel.getByLabel('Chat password').fill(who.chatPassword);
  await panel.getByRole('button', { name: 'Sign in as member' }).click();
  await expect(panel.getByText(`chat id ${who.chatId}`)).toBeVisible({ timeout: 60_000 });
  await panel.getByLabel('Peer chat id').fill(String(peer));
  return panel;
}

test('a call placed from the console is answered in the portal', async ({ page, context, request }) => {
  const { provider, peer } = await memberOpensDialog(request, 'console-call', 'fatima');
  await stopPeer(peer);
  await signInOverApi(page, provider.email, provider.password, `/message?userId=${fatima.chatId}`);
  await expect(page.getByRole('region', { name: `Conversation with ${fatima.name}` })).toBeVisible({
    timeout: 60_000,
  });

  const console_ = await context.newPage();
  const panel = await consoleSignsIn(console_, fatima, provider.chatId);
  await expect(panel.getByRole('button', { name: 'Video call' })).toBeEnabled();
  await panel.getByRole('button', { name: 'Video call' }).click();

  const overlay = page.getByRole('alertdialog', { name: fatima.name });
  await expect(overlay).toBeVisible({ timeout: 60_000 });
  await overlay.getByRole('button', { name: 'Accept' }).click();
  const window = page.getByRole('region', { name: `Call with ${fatima.name}`, exact: true });
  await expect(window.getByRole('status')).toContainText('Connected', { timeout: 60_000 });
  await expect(panel.getByTestId('call-status')).toHaveText('connected', { timeout: 60_000 });

  const accept = console_
    .getByTestId('entry')
    .filter({ has: console_.locator('td:text-is("call/accept")') })
    .first();
  await expect(accept).toBeVisible();
  await accept.click();
  await expect(console_.getByTestId('decoded')).toContainText('"callType": "video"');
  await panel.getByRole('button', { name: 'Hang up' }).click();
  await expect(window).toBeHidden({ timeout: 60_000 });
});
const daniela = member('daniela');

test('a call placed from the console is answered by a Node call client, its signals decoded', async ({
  page,
}) => {
  const url = new URL(process.env.E2E_BASE_URL!);
  const chat = createChatClient({
    service: `ws://${url.host}/xmpp-websocket`,
    domain: personas.chatApp.domain,
    appId: personas.chatApp.appId,
  });
  await chat.connect({ userId: daniela.chatId, password: daniela.chatPassword });
  const calls = createCallClient({
    carrier: moduleCarrier(chat),
    userId: daniela.chatId,
    iceServers: [],
    wrtc: nodeWrtc,
  });
  const media = fakeMedia({ audioOnly: true });
  const answered = new Promise<CallSession>((resolve) =>
    calls.on('call', ({ session }) => {
      void session.accept(media.stream).then(() => resolve(session));
    }),
  );
  try {
    await page.goto('/console');
    const panel = page.getByRole('region', { name: 'Chat user' });
    await panel.getByLabel('Chat login').fill(clara.chatLogin);
    await panel.getByLabel('Chat password').fill(clara.chatPassword);
    await panel.getByRole('button', { name: 'Sign in as member' }).click();
    await expect(panel.getByText(`chat id ${clara.chatId}`)).toBeVisible({ timeout: 60_000 });
    await panel.getByLabel('Peer chat id').fill(String(daniela.chatId));
    await expect(panel.getByRole('button', { name: 'Audio call' })).toBeEnabled();
    await panel.getByRole('button', { name: 'Audio call' }).click();

    const session = await answered;
    await expect(panel.getByTestId('call-status')).toHaveText('connected', { timeout: 60_000 });

    const row = (kind: string, direction: string) =>
      page
        .getByTestId('entry')
        .filter({ has: page.locator(`td:text-is("${kind}")`) })
        .filter({ has: page.locator(`td:text-is("${direction}")`) })
        .filter({ hasText: session.id });
    await expect(row('call/call', '→').first()).toBeVisible();
    const accept = row('call/accept', '←').first();
    await expect(accept).toBeVisible();
    await accept.click();
    const decoded = page.getByTestId('decoded');
    await expect(decoded).toContainText('"signalType": "accept"');
    await expect(decoded).toContainText('"callType": "audio"');
    await expect(decoded).toContainText('"opus"');

    await panel.getByRole('button', { name: 'Hang up' }).click();
    await expect(row('call/hangUp', '→').first()).toBeVisible();
  } finally {
    media.stop();
    calls.dispose();
    await chat.disconnect();
  }
});
