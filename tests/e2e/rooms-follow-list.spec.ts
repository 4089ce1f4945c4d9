/**
 * A group dialog that a member creates while the provider is signed in reaches her dialog list at
 * its next listing (spec §7 getDialogs): one that a new member's first message starts, or one that
 * the member's system message announcing the dialog starts (the vendor's apps send one,
 * docs/wire/hosted-chat.md §14.6). Its room is joined then, not at her next sign-in: a post to it
 * is taken by the room (shown Sent, its echo being the server's acknowledgement) rather than
 * refused (XEP-0045 §7.4), and the member's posts in it reach her.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { xml } from '@xmpp/client';
import { member, personas } from '../../fixtures';
import { roomJid } from '../../src/shared/chat-address';
import { bsonId, groupMessage } from '../support/history';
import { stopPeer } from '../support/xmpp-peer';
import { chatMessage, freshChatProvider, memberPeer, providerJid } from './messages-support';
import { qbClient } from '../support/qb';
import { signInOverApi } from './support';

const emma = member('emma');

/**
 * A fresh provider signed in on an empty Messages screen with her chat online, Emma online on a
 * second device, and a group dialog `name` that Emma created with her meanwhile.
 */
async function groupMadeWhileSignedIn(page: Page, request: APIRequestContext, prefix: string, name: string) {
  const provider = await freshChatProvider(request, prefix);
  const qb = qbClient(process.env.E2E_BASE_URL!);
  const memberToken = await qb.memberSession('emma');
  const peer = await memberPeer('emma');
  await signInOverApi(page, provider.email, provider.password, '/message');
  await expect(page.locator('[data-chat-link="online"]')).toHaveCount(1, { timeout: 60_000 });
  await expect(page.getByText('No conversations yet. Start one from a client’s page.')).toBeVisible();
  const circle = await qb.call('POST', '/chat/Dialog.json', {
    token: memberToken,
    form: { type: 2, name, occupants_ids: String(provider.chatId) },
  });
  expect(circle.status).toBe(201);
  return { provider, qb, memberToken, peer, circleId: circle.body._id as string };
}

test('a group created while she is signed in has its room joined when it is listed', async ({
  page,
  request,
}) => {
  const { provider, qb, memberToken, peer, circleId } = await groupMadeWhileSignedIn(
    page,
    request,
    'rooms-follow',
    'Evening circle',
  );
  try {
    const direct = await qb.call('POST', '/chat/Dialog.json', {
      token: memberToken,
      form: { type: 3, occupants_ids: String(provider.chatId) },
    });
    expect(direct.status).toBe(201);
    // Her first message in a dialog the portal has not listed starts a listing.
    await peer.send(
      chatMessage(providerJid(provider.chatId), 'I made us a circle', direct.body._id as string),
    );

    const dialogs = page.getByRole('navigation', { name: 'Conversations' });
    await expect(dialogs.getByRole('button', { name: new RegExp(emma.name) })).toBeVisible({
      timeout: 30_000,
    });
    await dialogs.getByRole('button', { name: /Evening circle/ }).click();
    const conversation = page.getByRole('region', { name: 'Conversation with Evening circle' });
    await expect(conversation.getByText(/1 of 2 in the room now/)).toBeVisible({ timeout: 30_000 });
    const box = conversation.getByRole('textbox', { name: 'Message' });
    await box.fill('Welcome to the circle');
    await box.press('Enter');
    const post = conversation.getByRole('listitem').filter({ hasText: 'Welcome to the circle' });
    await expect(post.getByRole('img', { name: 'Sent', exact: true })).toBeVisible({ timeout: 30_000 });

    // Emma comes into the room (XEP-0045 §7.2, zero history as the vendor's SDK asks): she is told
    // to the provider, and her post reaches her.
    const room = roomJid(circleId, personas.chatApp.appId, personas.chatApp.domain);
    await peer.send(
      xml(
        'presence',
        { to: `${room}/${emma.chatId}` },
        xml('x', { xmlns: 'http://jabber.org/protocol/muc' }, xml('history', { maxstanzas: '0' })),
      ),
    );
    await expect(conversation.getByText(/2 of 2 in the room now/)).toBeVisible({ timeout: 30_000 });
    await peer.send(groupMessage(room, 'Glad you are here', circleId));
    await expect(conversation.getByRole('listitem').filter({ hasText: 'Glad you are here' })).toBeVisible({
      timeout: 30_000,
    });
  } finally {
    await stopPeer(peer);
  }
});

test('a group announced by a system message is listed and its room joined', async ({ page, request }) => {
  const { provider, peer, circleId } = await groupMadeWhileSignedIn(
    page,
    request,
    'rooms-told',
    'Morning circle',
  );
  try {
    // A headline of the SystemNotifications module (wire §14.6), as the vendor's apps send it.
    const announce = (dialogId: string) =>
      peer.send(
        xml(
          'message',
          { type: 'headline', to: providerJid(provider.chatId), id: bsonId() },
          xml(
            'extraParams',
            { xmlns: 'jabber:client' },
            xml('moduleIdentifier', {}, 'SystemNotifications'),
            xml('notification_type', {}, '1'),
            xml('dialog_id', {}, dialogId),
          ),
        ),
      );
    await announce(circleId);

    const dialogs = page.getByRole('navigation', { name: 'Conversations' });
    await dialogs.getByRole('button', { name: /Morning circle/ }).click({ timeout: 30_000 });
    const conversation = page.getByRole('region', { name: 'Conversation with Morning circle' });
    await expect(conversation.getByText(/1 of 2 in the room now/)).toBeVisible({ timeout: 30_000 });
  } finally {
    await stopPeer(peer);
  }
});
