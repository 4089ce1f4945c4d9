/**
 * Messages (docs/wire/hosted-chat.md §5.2, §14.2): create with custom fields and attachments, and with
 * `send_to_chat` delivered over XMPP with stanza id = `_id`; list with sort/limit/skip and
 * `mark_as_read`; update read/delivered/text; mark a whole dialog read; delete; unread counts;
 * other users' messages refused.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { member } from '../../fixtures';
import { qbClient, type Loose } from '../support/qb';
import { storeBlob } from '../support/qb-files';
import { connectPeer, stopPeer } from '../support/xmpp-peer';

const stack = inject('stack');
const qb = qbClient(stack.url);
const wsUrl = `${stack.url.replace('http', 'ws')}/xmpp-websocket`;
const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
const emma = member('emma');
const clara = member('clara');
let emmaToken = '';
let claraToken = '';
let avaToken = '';
let dialogId = '';

const send = (token: string, form: Record<string, unknown>) =>
  qb.call('POST', '/chat/Message.json', { token, form });
const list = (token: string, query: string) =>
  qb.call('GET', `/chat/Message.json?chat_dialog_id=${dialogId}&${query}`, { token });
const unread = async (token: string) =>
  (await qb.call('GET', `/chat/Message/unread.json?chat_dialog_ids=${dialogId}`, { token })).body;

beforeAll(async () => {
  emmaToken = await qb.memberSession('emma');
  claraToken = await qb.memberSession('clara');
  avaToken = await qb.memberSession('ava');
  dialogId = (
    await qb.call('POST', '/chat/Dialog.json', {
      token: emmaToken,
      form: { type: 3, occupants_ids: `${clara.chatId}` },
    })
  ).body._id;
});

describe('POST /chat/Message.json', () => {
  it('stores a message with custom fields and attachments, sender in read and delivered ids', async () => {
    const scan = await storeBlob(qb, emmaToken, 'scan.png', PNG, 'image/png');
    const answer = await qb.call('POST', '/chat/Message.json', {
      token: emmaToken,
      json: {
        chat_dialog_id: dialogId,
        message: 'First',
        mood: 'hopeful',
        attachments: [{ type: 'image', id: String(scan.id), name: 'scan.png', size: '2048' }],
      },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      chat_dialog_id: dialogId,
      message: 'First',
      mood: 'hopeful',
      sender_id: emma.chatId,
      recipient_id: clara.chatId,
      read_ids: [emma.chatId],
      delivered_ids: [emma.chatId],
      attachments: [{ type: 'image', id: String(scan.id), name: 'scan.png', size: 2048 }],
      read: 0,
    });
    expect(answer.body.date_sent).toBeGreaterThan(Date.now() / 1000 - 60);
  });

  it('finds the private dialog from recipient_id alone', async () => {
    const answer = await send(claraToken, { recipient_id: emma.chatId, message: 'Reply by recipient' });
    expect(answer.body.chat_dialog_id).toBe(dialogId);
  });

  it('delivers over XMPP with stanza id = _id and the extension (send_to_chat=1)', async () => {
    const xmpp = await connectPeer({
      service: wsUrl,
      domain: stack.chatDomain,
      username: `${clara.chatId}-${stack.appId}`,
      password: claraToken,
    });
    try {
      await xmpp.send((await import('@xmpp/client')).xml('presence'));
      const received = new Promise<Loose>((resolve) =>
        xmpp.on('stanza', (stanza: Loose) => {
          if (stanza.is('message') && stanza.getChildText('body') === 'Live one') resolve(stanza);
        }),
      );
      const answer = await send(emmaToken, {
        chat_dialog_id: dialogId,
        message: 'Live one',
        send_to_chat: 1,
        markable: 1,
        topic: 'lab',
      });
      const stanza = await received;
      expect(stanza.attrs).toMatchObject({
        id: answer.body._id,
        type: 'chat',
        from: `${emma.chatId}-${stack.appId}@${stack.chatDomain}`,
      });
      const extra = stanza.getChild('extraParams');
      expect(extra.getChildText('save_to_history')).toBe('1');
      expect(extra.getChildText('dialog_id')).toBe(dialogId);
      expect(extra.getChildText('date_sent')).toBe(String(answer.body.date_sent));
      expect(extra.getChildText('topic')).toBe('lab');
      expect(stanza.getChild('markable', 'urn:xmpp:chat-markers:0')).toBeTruthy();
      // Prosody reported the delivered copy too; history still holds it once.
      await new Promise((r) => setTimeout(r, 500));
      const found = await list(emmaToken, `_id=${answer.body._id}&mark_as_read=0`);
      expect(found.body.items).toHaveLength(1);
    } finally {
      await stopPeer(xmpp);
    }
  });

  it("delivers into a group dialog's room, from the sender's occupant address", async () => {
    const group = (
      await qb.call('POST', '/chat/Dialog.json', {
        token: emmaToken,
        form: { type: 2, name: 'Room delivery', occupants_ids: `${clara.chatId}` },
      })
    ).body;
    const xmpp = await connectPeer({
      service: wsUrl,
      domain: stack.chatDomain,
      username: `${clara.chatId}-${stack.appId}`,
      password: claraToken,
    });
    try {
      const { xml } = await import('@xmpp/client');
      const stanzas: Loose[] = [];
      xmpp.on('stanza', (stanza: Loose) => stanzas.push(stanza));
      await xmpp.send(
        xml(
          'presence',
          { to: `${group.xmpp_room_jid}/${clara.chatId}` },
          xml('x', { xmlns: 'http://jabber.org/protocol/muc' }),
        ),
      );
      await expect
        .poll(() =>
          stanzas.some((s) => s.is('presence') && s.attrs.from === `${group.xmpp_room_jid}/${clara.chatId}`),
        )
        .toBe(true);
      const answer = await send(emmaToken, {
        chat_dialog_id: group._id,
        message: 'To the room',
        send_to_chat: 1,
      });
      await expect
        .poll(() => stanzas.find((s) => s.is('message') && s.attrs.id === answer.body._id))
        .toBeDefined();
      const stanza = stanzas.find((s) => s.is('message') && s.attrs.id === answer.body._id);
      expect(stanza.attrs).toMatchObject({
        type: 'groupchat',
        from: `${group.xmpp_room_jid}/${emma.chatId}`,
      });
      expect(stanza.getChild('extraParams').getChildText('dialog_id')).toBe(group._id);
      expect(answer.body.recipient_id).toBe(0);
    } finally {
      await stopPeer(xmpp);
    }
  });

  it('answers 422 without text or attachments, with a bad field name, and 404 for a foreign dialog', async () => {
    expect((await send(emmaToken, { chat_dialog_id: dialogId, message: '  ' })).status).toBe(422);
    expect((await send(emmaToken, { chat_dialog_id: dialogId, message: 'x', 'bad name': 'y' })).status).toBe(
      422,
    );
    expect((await send(emmaToken, {})).status).toBe(422);
    expect((await send(avaToken, { chat_dialog_id: dialogId, message: 'Let me in' })).status).toBe(404);
  });
});

describe('GET /chat/Message.json and unread counts', () => {
  it('pages and sorts, and marks what it returns read unless mark_as_read=0', async () => {
    for (const n of [1, 2, 3])
      await send(emmaToken, {
        chat_dialog_id: dialogId,
        message: `Batch ${n}`,
        date_sent: 2_000_000_000 + n,
      });
    const before = await unread(claraToken);
    expect(before[dialogId]).toBeGreaterThanOrEqual(3);
    const peek = await list(claraToken, 'sort_desc=date_sent&limit=2&mark_as_read=0');
    expect(peek.body).toMatchObject({ skip: 0, limit: 2 });
    expect(peek.body.items.map((m: Loose) => m.message)).toEqual(['Batch 3', 'Batch 2']);
    expect((await unread(claraToken))[dialogId]).toBe(before[dialogId]);

    const second = await list(claraToken, 'sort_desc=date_sent&limit=1&skip=1');
    expect(second.body.items[0]).toMatchObject({ message: 'Batch 2', read: 1 });
    expect(second.body.items[0].read_ids).toContain(clara.chatId);
    expect((await unread(claraToken))[dialogId]).toBe(before[dialogId] - 1);

    const filtered = await list(claraToken, 'date_sent[gt]=2000000001&sort_asc=date_sent&mark_as_read=0');
    expect(filtered.body.items.map((m: Loose) => m.message)).toEqual(['Batch 2', 'Batch 3']);
    expect((await list(claraToken, 'password=1')).status).toBe(422);
  });

  it('answers unread counts per dialog and in total', async () => {
    const answer = await qb.call('GET', '/chat/Message/unread.json', { token: claraToken });
    expect(answer.body.total).toBeGreaterThanOrEqual(1);
    const both = await qb.call(
      'GET',
      `/chat/Message/unread.json?chat_dialog_ids=${dialogId},ffffffffffffffffffffffff`,
      { token: claraToken },
    );
    expect(both.body).toMatchObject({ ffffffffffffffffffffffff: 0 });
    expect(both.body[dialogId]).toBeGreaterThan(0);
  });

  it("refuses another user's dialog", async () => {
    expect((await list(avaToken, 'limit=1')).status).toBe(404);
    expect((await qb.call('GET', '/chat/Message.json', { token: avaToken })).status).toBe(422);
  });
});

describe('PUT and DELETE messages', () => {
  it('marks single messages read or delivered and a whole dialog read', async () => {
    const one = (await send(emmaToken, { chat_dialog_id: dialogId, message: 'Mark me' })).body;
    await qb.call('PUT', `/chat/Message/${one._id}.json`, { token: claraToken, form: { delivered: 1 } });
    let row = (await list(emmaToken, `_id=${one._id}&mark_as_read=0`)).body.items[0];
    expect(row.delivered_ids).toContain(clara.chatId);
    expect(row.read_ids).not.toContain(clara.chatId);
    await qb.call('PUT', `/chat/Message/${one._id}.json`, { token: claraToken, form: { read: 1 } });
    row = (await list(emmaToken, `_id=${one._id}&mark_as_read=0`)).body.items[0];
    expect(row.read_ids).toContain(clara.chatId);

    await send(emmaToken, { chat_dialog_id: dialogId, message: 'Unread A' });
    await send(emmaToken, { chat_dialog_id: dialogId, message: 'Unread B' });
    expect((await unread(claraToken))[dialogId]).toBeGreaterThanOrEqual(2);
    const all = await qb.call('PUT', '/chat/Message.json', {
      token: claraToken,
      form: { read: 1, chat_dialog_id: dialogId },
    });
    expect(all.status).toBe(200);
    expect((await unread(claraToken))[dialogId]).toBe(0);
    expect(
      (await qb.call('PUT', '/chat/Message.json', { token: claraToken, form: { chat_dialog_id: dialogId } }))
        .status,
    ).toBe(422);
  });

  it('lets only the sender edit, and refuses outsiders', async () => {
    const one = (await send(emmaToken, { chat_dialog_id: dialogId, message: 'Typo' })).body;
    expect(
      (
        await qb.call('PUT', `/chat/Message/${one._id}.json`, {
          token: claraToken,
          form: { message: 'Hijack' },
        })
      ).status,
    ).toBe(403);
    expect(
      (await qb.call('PUT', `/chat/Message/${one._id}.json`, { token: avaToken, form: { read: 1 } })).status,
    ).toBe(404);
    await qb.call('PUT', `/chat/Message/${one._id}.json`, { token: emmaToken, form: { message: 'Fixed' } });
    expect((await list(emmaToken, `_id=${one._id}&mark_as_read=0`)).body.items[0].message).toBe('Fixed');
    // No id at all (found by the /qb fuzzer, seed 132959678): not found, not a 500.
    const none = await qb.call('PUT', '/chat/Message/.json', { token: emmaToken, form: { message: 'x' } });
    expect(none.status).toBe(404);
    expect(none.body.errors).toBeDefined();
  });

  it('deletes for oneself, or for everyone when the sender forces it', async () => {
    const a = (await send(emmaToken, { chat_dialog_id: dialogId, message: 'Delete A' })).body;
    const b = (await send(emmaToken, { chat_dialog_id: dialogId, message: 'Delete B' })).body;
    const refused = await qb.call('DELETE', `/chat/Message/${a._id}.json`, {
      token: claraToken,
      form: { force: 1 },
    });
    expect(JSON.parse(refused.text).WrongPermissions.ids).toEqual([a._id]);
    const mine = await qb.call('DELETE', `/chat/Message/${a._id}.json`, { token: claraToken });
    expect(JSON.parse(mine.text).SuccessfullyDeleted.ids).toEqual([a._id]);
    expect((await list(claraToken, `_id=${a._id}`)).body.items).toHaveLength(0);
    expect((await list(emmaToken, `_id=${a._id}&mark_as_read=0`)).body.items).toHaveLength(1);

    const forced = await qb.call('DELETE', `/chat/Message/${a._id},${b._id},ffffffffffffffffffffffff.json`, {
      token: emmaToken,
      form: { force: 1 },
    });
    expect(JSON.parse(forced.text)).toMatchObject({
      SuccessfullyDeleted: { ids: [a._id, b._id] },
      NotFound: { ids: ['ffffffffffffffffffffffff'] },
    });
    const dialog = (await qb.call('GET', `/chat/Dialog/${dialogId}.json`, { token: emmaToken })).body;
    expect(dialog.last_message_id).not.toBe(b._id);
    expect(
      (await qb.call('DELETE', `/chat/Message/${dialog.last_message_id}.json`, { token: avaToken })).text,
    ).toContain('NotFound');
  });
});
