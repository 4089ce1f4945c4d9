/**
 * A provider in the portal against a member on slixmpp (tests/support/slixmpp-member.py): an XMPP
 * client written apart from ours, with its own parser and its own reading of XEP-0085, XEP-0198
 * and XEP-0333, logged in over the c2s port as a member's phone could be (docs/testing.md
 * "Independent peers"). The member sends what the vendor's app sends (docs/wire/hosted-chat.md
 * §14.2) and what any XMPP client sends (a message without the vendor's extension, a marker
 * with no type, standalone chat states); the provider sees, answers and is read.
 */
import { expect, test, type Page } from '@playwright/test';
import { member, personas } from '../../fixtures';
import { bsonId } from '../support/history';
import { slixmppMember, type SlixmppMember } from '../support/slixmpp-member';
import { stopPeer } from '../support/xmpp-peer';
import { memberOpensDialog, providerJid } from './messages-support';
import { signInOverApi } from './support';

const fatima = member('fatima');
const EVENT_WAIT = { timeout: 60_000 };

/** The shared stack's chat login (tests/e2e/global-setup.ts). */
const chatLogin = () => ({
  c2sPort: Number(process.env.E2E_C2S_PORT),
  appId: personas.chatApp.appId,
  chatDomain: personas.chatApp.domain,
});

const conversationOf = (page: Page) => page.getByRole('region', { name: `Conversation with ${fatima.name}` });
const logOf = (page: Page) =>
  conversationOf(page).getByRole('list', { name: `Messages with ${fatima.name}` });

test('Fatima on slixmpp and a provider in the portal: markers both ways, typing both ways, an answer read, history once, a resumed stream', async ({
  page,
  request,
}) => {
  const { provider, dialogId, peer } = await memberOpensDialog(request, 'slixmpp', 'fatima');
  await stopPeer(peer);
  let app: SlixmppMember | null = null;
  try {
    app = await slixmppMember(chatLogin(), 'fatima');
    expect(app.streamManagement).toBe(true);
    await signInOverApi(page, provider.email, provider.password, `/message?userId=${fatima.chatId}`);
    const conversation = conversationOf(page);
    await expect(conversation).toBeVisible(EVENT_WAIT);
    const log = logOf(page);
    const to = providerJid(provider.chatId);

    // As the vendor's app shapes it: markable, kept, in the dialog.
    const first = bsonId();
    app.send({
      op: 'message',
      to,
      id: first,
      body: 'Hello from slixmpp',
      markable: true,
      state: 'active',
      extra: { save_to_history: 1, dialog_id: dialogId },
    });
    await expect(log.getByText('Hello from slixmpp', { exact: true })).toBeVisible(EVENT_WAIT);
    // The portal marks it delivered, then read, as slixmpp reads XEP-0333.
    const delivered = await app.next('marker', (m) => m.kind === 'received' && m.id === first);
    const read = await app.next('marker', (m) => m.kind === 'displayed' && m.id === first);
    expect(delivered.from.startsWith(to)).toBe(true);
    expect(read.from.startsWith(to)).toBe(true);

    // Typing both ways, as standalone XEP-0085 notifications.
    app.send({ op: 'state', to, state: 'composing' });
    await expect(conversation.getByText('is typing…')).toBeVisible(EVENT_WAIT);
    app.send({ op: 'state', to, state: 'paused' });
    await expect(conversation.getByText('is typing…')).toBeHidden(EVENT_WAIT);
    const box = conversation.getByRole('textbox', { name: 'Message' });
    await box.pressSequentially('Thank');
    await app.next('state', (s) => s.state === 'composing' && s.from.startsWith(to));

    // The answer reaches slixmpp whole, and its read marker shows. Typed `chat`: a marker of
    // another type counts for nobody, in the vendor's SDK as in ours (wire §14.4), and slixmpp's
    // own `send_marker` sends none.
    await box.fill('Thanks, Fatima');
    await box.press('Enter');
    const answer = await app.next('message', (m) => m.body === 'Thanks, Fatima');
    expect(answer).toMatchObject({ type: 'chat', markable: true });
    expect(answer.extra).toMatchObject({ dialog_id: dialogId, save_to_history: '1' });
    expect(answer.from.startsWith(to)).toBe(true);
    app.send({ op: 'marker', to, id: answer.id, kind: 'displayed', type: 'chat' });
    const mine = log.getByRole('listitem').filter({ hasText: 'Thanks, Fatima' }).first();
    await expect(mine.getByRole('img', { name: 'Read' })).toBeVisible(EVENT_WAIT);

    // After a reload the history has each message once.
    await page.reload();
    await expect(log.getByText('Thanks, Fatima', { exact: true })).toBeVisible(EVENT_WAIT);
    await expect(log.getByText('Hello from slixmpp', { exact: true })).toHaveCount(1);
    await expect(log.getByText('Thanks, Fatima', { exact: true })).toHaveCount(1);

    // Her connection drops without a word and she resumes the stream (XEP-0198): what was sent
    // meanwhile arrives once, and so does what comes after.
    app.send({ op: 'cut', pauseMs: 1500 });
    await box.fill('While you were away');
    await box.press('Enter');
    await app.next('resumed');
    await app.next('message', (m) => m.body === 'While you were away');
    await box.fill('And now');
    await box.press('Enter');
    await app.next('message', (m) => m.body === 'And now');
    expect(app.seen('message').filter((m) => m.body === 'While you were away')).toHaveLength(1);

    // A message as any XMPP client sends it, without the vendor's extension, shows in the conversation.
    app.send({ op: 'message', to, id: bsonId(), body: 'Plain XMPP here', state: 'active' });
    await expect(log.getByText('Plain XMPP here', { exact: true })).toBeVisible(EVENT_WAIT);
  } finally {
    await app?.stop();
  }
});

test('Fatima on slixmpp in a group with a provider: joined as XEP-0045 has it, posts both ways with the dialog, a room she is not in refused', async ({
  page,
  request,
}) => {
  const { provider, qb, memberToken, peer } = await memberOpensDialog(request, 'slixmpp-group', 'fatima');
  await stopPeer(peer);
  const group = async (token: string, name: string) => {
    const created = await qb.call('POST', '/chat/Dialog.json', {
      token,
      form: { type: 2, name, occupants_ids: String(provider.chatId) },
    });
    expect(created.status).toBe(201);
    return { id: created.body._id as string, room: created.body.xmpp_room_jid as string };
  };
  const circle = await group(memberToken, 'Slixmpp circle');
  const theirs = await group(await qb.memberSession('emma'), 'Not hers');
  let app: SlixmppMember | null = null;
  try {
    app = await slixmppMember(chatLogin(), 'fatima');
    app.send({ op: 'join', room: circle.room, nick: String(fatima.chatId) });
    await app.next('joined', (j) => j.room === circle.room);
    app.send({ op: 'join', room: theirs.room, nick: String(fatima.chatId) });
    const refused = await app.next('join-error', (j) => j.room === theirs.room);
    expect(refused.condition).not.toBe('');

    await signInOverApi(page, provider.email, provider.password, '/message');
    await page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('button', { name: /Slixmpp circle/ })
      .click();
    const conversation = page.getByRole('region', { name: 'Conversation with Slixmpp circle' });
    const box = conversation.getByRole('textbox', { name: 'Message' });
    await box.fill('Welcome to the circle');
    await box.press('Enter');
    const post = await app.next('message', (m) => m.body === 'Welcome to the circle');
    expect(post).toMatchObject({ type: 'groupchat', from: `${circle.room}/${provider.chatId}` });
    expect(post.extra).toMatchObject({ dialog_id: circle.id });

    app.send({
      op: 'message',
      type: 'groupchat',
      to: circle.room,
      id: bsonId(),
      body: 'Hello circle, from slixmpp',
      extra: { save_to_history: 1 },
    });
    const log = conversation.getByRole('list', { name: 'Messages with Slixmpp circle' });
    await expect(log.getByText('Hello circle, from slixmpp', { exact: true })).toBeVisible(EVENT_WAIT);
  } finally {
    await app?.stop();
  }
});
