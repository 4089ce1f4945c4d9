/**
 * Issue 14, calls from the protocol console: the console, signed in as a member, places an audio
 * call that a `src/webrtc` peer in Node (with @roamhq/wrtc) answers; the timeline shows the
 * signals decoded (wire §20) and the console sees the connection. The portal's call screens
 * (branch call-ui) are not on main yet, so the callee is the Node peer, not a portal tab.
 */
import { expect, test } from '@playwright/test';
import { member, personas } from '../../fixtures';
import { chatCarrier, createCallClient, type CallSession } from '../../src/webrtc';
import { createChatClient } from '../../src/xmpp';
import { fakeMedia, nodeWrtc } from '../support/call-media';

const clara = member('clara');
const daniela = member('daniela');

test('a call placed from the console is answered by a Node call client, its signals decoded', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const url = new URL(process.env.E2E_BASE_URL!);
  const chat = createChatClient({
    service: `ws://${url.host}/xmpp-websocket`,
    domain: personas.chatApp.domain,
    appId: personas.chatApp.appId,
  });
  await chat.connect({ userId: daniela.chatId, password: daniela.chatPassword });
  const calls = createCallClient({
    carrier: chatCarrier(chat),
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
    await expect(panel.getByText(`chat id ${clara.chatId}`)).toBeVisible({ timeout: 20_000 });
    await panel.getByLabel('Peer chat id').fill(String(daniela.chatId));
    await expect(panel.getByRole('button', { name: 'Audio call' })).toBeEnabled();
    await panel.getByRole('button', { name: 'Audio call' }).click();

    const session = await answered;
    await expect(panel.getByTestId('call-status')).toHaveText('connected', { timeout: 30_000 });

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
