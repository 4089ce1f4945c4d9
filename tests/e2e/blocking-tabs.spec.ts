/**
 * Block and Unblock with several tabs and devices (spec §6 blocking lists; docs/wire/hosted-chat.md
 * §18): the provider has two tabs open and her chat account is online on another device too.
 * Blocking in one tab works (a privacy list's default could not change while other sessions were
 * online), the other tab's Settings lists the member at once, her messages bounce and never show;
 * unblocking from Settings gives the first tab its Block button back and lets her through.
 */
import { expect, test } from '@playwright/test';
import { xml } from '@xmpp/client';
import { member, personas } from '../../fixtures';
import { historyPeer } from '../support/history';
import { stopPeer } from '../support/xmpp-peer';
import { chatMessage, memberOpensDialog, providerJid } from './messages-support';
import { signInOverApi } from './support';

const daniela = member('daniela');
const HEADERS = { apiVersion: '7', os: 'web', timezone: 'Europe/London' };

test('blocking holds in every tab and device, and Settings lists and unblocks', async ({ context, page }) => {
  const { provider, dialogId, peer } = await memberOpensDialog(context.request, 'block-tabs', 'daniela');
  const fromMember = (text: string) => peer.send(chatMessage(providerJid(provider.chatId), text, dialogId));

  await signInOverApi(page, provider.email, provider.password, `/message?userId=${daniela.chatId}`);
  const conversation = page.getByRole('region', { name: 'Conversation with Daniela Moreno' });
  await expect(conversation).toBeVisible({ timeout: 30_000 });
  const settings = await context.newPage();
  await settings.goto('/settings');
  const blockedList = settings.getByRole('region', { name: 'Blocked members' });
  await expect(blockedList.getByText('You have not blocked anyone.')).toBeVisible({ timeout: 30_000 });

  // Another device of hers: the chat account online with the chat password of her session.
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  const info = await context.request.get('/api/message/qb/user/getInfo', {
    headers: { ...HEADERS, authToken: token! },
  });
  const { password } = ((await info.json()) as { data: { password: string } }).data;
  const url = new URL(process.env.E2E_BASE_URL!);
  const device = await historyPeer({
    service: `ws://${url.host}/xmpp-websocket`,
    domain: personas.chatApp.domain,
    username: `${provider.chatId}-${personas.chatApp.appId}`,
    password,
    resource: 'other-device',
  });
  await device.send(xml('presence'));

  try {
    await conversation.getByRole('button', { name: 'Block' }).click();
    const confirm = page.getByRole('dialog', { name: 'Block Daniela Moreno?' });
    await confirm.getByRole('button', { name: 'Block' }).click();
    await expect(confirm).toBeHidden();
    await expect(conversation.getByRole('button', { name: 'Unblock' })).toBeVisible();
    await expect(page.getByText('That did not work. Please try again.')).toHaveCount(0);
    await expect(blockedList.getByRole('button', { name: 'Unblock Daniela Moreno' })).toBeVisible();

    const bounced = new Promise<void>((resolve) =>
      peer.on('stanza', (s) => {
        if (s.is('message') && s.attrs.type === 'error') resolve();
      }),
    );
    await fromMember('Blocked while two tabs are open');
    await bounced;

    await blockedList.getByRole('button', { name: 'Unblock Daniela Moreno' }).click();
    await expect(blockedList.getByText('You have not blocked anyone.')).toBeVisible();
    await expect(conversation.getByRole('button', { name: 'Block' })).toBeVisible();
    await expect(conversation.getByRole('textbox', { name: 'Message' })).toBeEnabled();
    await fromMember('Through again');
    const log = conversation.getByRole('list', { name: 'Messages with Daniela Moreno' });
    await expect(log.getByText('Through again')).toBeVisible();
    await expect(log.getByText('Blocked while two tabs are open')).toHaveCount(0);
  } finally {
    await stopPeer(device);
    await stopPeer(peer);
  }
});
