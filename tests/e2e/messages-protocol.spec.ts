/**
 * Issue 4, the Messages screen against code we did not write and a server that refuses: each
 * failing step of the spec §4 login flow shows its spec §8 message; an @xmpp/client member peer
 * receives what the portal SENDS — typing (composing, then paused) and read markers, which the
 * server's history then counts as read — and the browser shows the Delivered tick, the upload
 * progress bar, and rejects a contact request.
 */
import { expect, test, type Page } from '@playwright/test';
import { xml } from '@xmpp/client';
import { nextStanza } from '../support/chat-harness';
import { bsonId, marker } from '../support/history';
import { PNG_1X1 } from '../support/images';
import { stopPeer } from '../support/xmpp-peer';
import { chatMessage, freshChatProvider, memberOpensDialog, providerJid } from './messages-support';
import { signInOverApi } from './support';

const MARKERS = 'urn:xmpp:chat-markers:0';
const CHAT_STATES = 'http://jabber.org/protocol/chatstates';

const pathIs = (path: string) => (url: URL) => url.pathname === path;

test('each failing step of the chat login flow shows its spec §8 message as a toast, on any page', async ({
  page,
  request,
}) => {
  const provider = await freshChatProvider(request, 'flow');
  await signInOverApi(page, provider.email, provider.password);
  const toast = (text: string) => page.getByRole('alert').filter({ hasText: text });
  const session = 'Failed to create the session, please try refreshing the page to re-request!';

  const refused = async (refuse: (page: Page) => Promise<unknown>, message: string) => {
    await page.unrouteAll({ behavior: 'wait' });
    await refuse(page);
    await page.reload();
    await expect(toast(message)).toBeVisible();
    // The Dashboard, not /message: the message does not wait for the Messages banner.
    await expect(page).toHaveURL(/\/Dashboard\/Dashboard$/);
  };

  // The own API cannot give the chat account: its message, then the chat's.
  await refused(
    (p) =>
      p.route(pathIs('/api/message/qb/user/get'), (route) =>
        route.fulfill({
          status: 500,
          json: { code: 'SYSTEM_ERROR', message: 'The chat account is unavailable', data: null },
        }),
      ),
    session,
  );
  await expect(toast('The chat account is unavailable')).toBeVisible();

  await refused(
    (p) =>
      p.route(pathIs('/qb/session.json'), (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({ status: 422, json: { errors: { base: ['Unexpected signature'] } } })
          : route.continue(),
      ),
    session,
  );
  await refused(
    (p) =>
      p.route(pathIs('/qb/login.json'), (route) =>
        route.fulfill({ status: 401, json: { errors: ['Unauthorized'] } }),
      ),
    'QB login fail!',
  );
  // The chat server refuses the stream (RFC 7395 framing, RFC 6120 §4.9 stream error). WebSocket
  // routes outlive unrouteAll, so this one passes through once the refusal is over.
  let refuseStream = true;
  await refused(
    (p) =>
      p.routeWebSocket(/\/xmpp-websocket$/, (socket) => {
        if (!refuseStream) return void socket.connectToServer();
        socket.onMessage((frame) => {
          if (!String(frame).startsWith('<open')) return;
          socket.send(
            '<open xmlns="urn:ietf:params:xml:ns:xmpp-framing" from="localhost" id="r1" version="1.0"/>',
          );
          socket.send(
            '<stream:error xmlns:stream="http://etherx.jabber.org/streams">' +
              '<policy-violation xmlns="urn:ietf:params:xml:ns:xmpp-streams"/></stream:error>',
          );
          socket.send('<close xmlns="urn:ietf:params:xml:ns:xmpp-framing"/>');
          socket.close();
        });
      }),
    'qb failed to connect to the server!',
  );
  refuseStream = false;

  // Nothing refused: the chat comes online, with no connection banner and no message.
  await page.unrouteAll({ behavior: 'wait' });
  await page.goto('/message');
  await expect(page.getByText('Choose a conversation on the left.')).toBeVisible();
  await expect(page.locator('[data-chat-link="online"]')).toHaveCount(1);
  await expect(page.locator('[data-link]')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('the portal sends typing and read markers, shows Delivered and the upload progress, and rejects a contact request', async ({
  page,
  request,
}) => {
  const { provider, qb, memberToken, dialogId, peer } = await memberOpensDialog(request, 'wire', 'emma');
  const to = providerJid(provider.chatId);
  // The provider's own chat-service session, as the portal uses it.
  let providerQbToken = '';
  page.on('request', (r) => {
    const token = r.headers()['qb-token'];
    if (token && new URL(r.url()).pathname.startsWith('/qb/')) providerQbToken = token;
  });
  const unread = async () =>
    (
      await qb.call('GET', `/chat/Message/unread.json?chat_dialog_ids=${dialogId}`, {
        token: providerQbToken,
      })
    ).body[dialogId];
  try {
    await signInOverApi(page, provider.email, provider.password);
    await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Messages' }).click();
    // Online, as the Messages screen says (`data-chat-link`), and no connection banner.
    await expect(page.getByText('Choose a conversation on the left.')).toBeVisible();
    await expect(page.locator('[data-chat-link="online"]')).toHaveCount(1);
    await expect(page.locator('[data-link]')).toHaveCount(0);

    // A markable message from the member: delivered at once (docs/wire/hosted-chat.md §14.3).
    const first = bsonId();
    const delivered = nextStanza(
      peer,
      (s) => s.is('message') && s.getChild('received', MARKERS)?.attrs.id === first,
    );
    await peer.send(chatMessage(to, 'Can you see my message?', dialogId, { id: first }));
    await delivered;
    const dialogs = page.getByRole('navigation', { name: 'Conversations' });
    await expect(dialogs.getByRole('button', { name: /^Emma Laurent\s*, 1 unread message$/ })).toBeVisible();
    await expect.poll(unread).toBe(1);

    // Opening the conversation shows the message: a displayed marker goes to the member.
    const displayed = nextStanza(
      peer,
      (s) => s.is('message') && s.getChild('displayed', MARKERS)?.attrs.id === first,
    );
    await dialogs.getByRole('button', { name: /^Emma Laurent\s*, 1 unread message$/ }).click();
    const conversation = page.getByRole('region', { name: 'Conversation with Emma Laurent' });
    const log = conversation.getByRole('list', { name: 'Messages with Emma Laurent' });
    await expect(log.getByText('Can you see my message?')).toBeVisible();
    const read = await displayed;
    expect(read.attrs.type).toBe('chat');
    expect(read.getChild('extraParams')?.getChildText('dialog_id')).toBe(dialogId);
    // Prosody reported it; the server's history has it read by the provider.
    await expect
      .poll(
        async () =>
          (
            await qb.call(
              'GET',
              `/chat/Message.json?chat_dialog_id=${dialogId}&_id=${first}&mark_as_read=0`,
              {
                token: memberToken,
              },
            )
          ).body.items[0]?.read_ids,
      )
      .toContain(provider.chatId);
    await expect.poll(unread).toBe(0);

    // Typing (spec §4 Messaging): composing on the first keystroke, paused after a pause.
    const box = conversation.getByRole('textbox', { name: 'Message' });
    const composing = nextStanza(peer, (s) => s.is('message') && !!s.getChild('composing', CHAT_STATES));
    await box.pressSequentially('Yes, ');
    const typing = await composing;
    expect(typing.attrs.type).toBe('chat');
    expect(typing.getChild('body')).toBeUndefined();
    const pausedNext = nextStanza(peer, (s) => s.is('message') && !!s.getChild('paused', CHAT_STATES));
    // Read before the last keystroke, so a busy machine can only make the pause look longer: the
    // pause's timer (3 s, typing-sender.ts) starts at the keystroke and never fires early.
    const lastKeyAt = Date.now();
    await box.press('I');
    const paused = await pausedNext;
    expect(paused.attrs.type).toBe('chat');
    expect(Date.now() - lastKeyAt).toBeGreaterThan(2_500);

    // Our message reaches the member; its received marker shows the Delivered tick.
    const incoming = nextStanza(peer, (s) => s.is('message') && s.getChildText('body') === 'Yes, I can.');
    await box.fill('Yes, I can.');
    await box.press('Enter');
    const sent = await incoming;
    const mine = log.getByRole('listitem').filter({ hasText: 'Yes, I can.' });
    await expect(mine.getByRole('img', { name: 'Sent', exact: true })).toBeVisible();
    await peer.send(marker('received', to, sent.attrs.id, dialogId));
    await expect(mine.getByRole('img', { name: 'Delivered' })).toBeVisible();

    // Spec §4 "Reject: none, sends unsubscribed".
    const unsubscribed = nextStanza(peer, (s) => s.is('presence') && s.attrs.type === 'unsubscribed');
    await peer.send(xml('presence', { to, type: 'subscribe' }));
    const requests = page.getByRole('region', { name: 'Contact requests' });
    await expect(requests.getByText('Emma Laurent wants to add you as a contact.')).toBeVisible();
    await requests.getByRole('button', { name: 'Reject' }).click();
    await unsubscribed;
    await expect(requests).toHaveCount(0);
    await expect(conversation.getByRole('button', { name: 'Add as contact' })).toBeVisible();

    // Spec §5 upload progress bar: shown while the upload is under way (held here), then gone.
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(
      (url) => /^\/qb\/blobs\/\d+\/upload$/.test(url.pathname),
      async (route) => {
        await held;
        await route.continue();
      },
    );
    await conversation
      .locator('input[type="file"]')
      .setInputFiles({ name: 'dot.png', mimeType: 'image/png', buffer: PNG_1X1 });
    // Issue 26: nothing goes before the preview is confirmed.
    await page
      .getByRole('dialog', { name: 'Send this image?' })
      .getByRole('button', { name: 'Send image' })
      .click();
    const bar = conversation.getByRole('progressbar', { name: 'Uploading dot.png' });
    await expect(bar).toBeVisible();
    await expect(bar).toHaveAttribute('aria-valuenow', /^\d+$/);
    release();
    await expect(bar).toBeHidden();
    await expect(log.getByRole('img', { name: 'dot.png' })).toBeVisible();
  } finally {
    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await stopPeer(peer);
  }
});
