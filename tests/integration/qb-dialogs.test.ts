/**
 * Dialogs (docs/wire/hosted-chat.md §5.1): create private (once per pair) / group / public group with
 * their MUC rooms, list with limit/skip/sort/type filters and count, get, update (JSON, push_all /
 * pull_all), delete for oneself and with force; other users' dialogs refused.
 */
import { xml } from '@xmpp/client';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { member } from '../../fixtures';
import { qbClient, type Loose } from '../support/qb';
import { connectPeer, stopPeer } from '../support/xmpp-peer';

const stack = inject('stack');
const qb = qbClient(stack.url);
const wsUrl = `${stack.url.replace('http', 'ws')}/xmpp-websocket`;
const [emma, bianca, daniela, ava] = ['emma', 'bianca', 'daniela', 'ava'].map(member) as [
  ReturnType<typeof member>,
  ReturnType<typeof member>,
  ReturnType<typeof member>,
  ReturnType<typeof member>,
];
const tokens: Record<string, string> = {};

beforeAll(async () => {
  for (const key of ['emma', 'bianca', 'daniela', 'ava']) tokens[key] = await qb.memberSession(key);
});

const create = (who: string, form: Record<string, unknown>) =>
  qb.call('POST', '/chat/Dialog.json', { token: tokens[who], form });

/** Joins a MUC room as `who`; resolves with the error condition or 'joined'. */
async function joinRoom(who: ReturnType<typeof member>, token: string, room: string): Promise<string> {
  const xmpp = await connectPeer({
    service: wsUrl,
    domain: stack.chatDomain,
    username: `${who.chatId}-${stack.appId}`,
    password: token,
  });
  try {
    const answer = new Promise<string>((resolve) => {
      xmpp.on('stanza', (stanza: Loose) => {
        if (!stanza.is('presence') || !String(stanza.attrs.from).startsWith(room)) return;
        if (stanza.attrs.type === 'error') resolve(stanza.getChild('error')?.children?.[0]?.name ?? 'error');
        else resolve('joined');
      });
    });
    await xmpp.send(
      xml(
        'presence',
        { to: `${room}/${who.chatId}` },
        xml('x', { xmlns: 'http://jabber.org/protocol/muc' }, xml('history', { maxstanzas: '0' })),
      ),
    );
    return await answer;
  } finally {
    await stopPeer(xmpp);
  }
}

describe('POST /chat/Dialog.json', () => {
  it('creates a private dialog once per pair, with "1, 2" occupants and the other side\'s name', async () => {
    const first = await create('emma', { type: 3, occupants_ids: `${bianca.chatId}` });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({
      type: 3,
      occupants_ids: [bianca.chatId, emma.chatId].sort(),
      xmpp_room_jid: null,
      name: bianca.name,
      user_id: emma.chatId,
      unread_messages_count: 0,
    });
    const again = await create('bianca', { type: 3, occupants_ids: `${emma.chatId}, ${bianca.chatId}` });
    expect(again.body._id).toBe(first.body._id);
    expect(again.body.name).toBe(emma.name);
  });

  it('creates a group dialog whose members-only room lets occupants in and keeps others out', async () => {
    const group = await create('emma', {
      type: 2,
      name: 'Cycle buddies',
      occupants_ids: [bianca.chatId, daniela.chatId],
      data: { class_name: 'Circle', topic: 'cycles' },
    });
    expect(group.status).toBe(201);
    expect(group.body).toMatchObject({
      type: 2,
      name: 'Cycle buddies',
      occupants_ids: [emma.chatId, bianca.chatId, daniela.chatId].sort(),
      xmpp_room_jid: `${stack.appId}_${group.body._id}@muc.${stack.chatDomain}`,
      data: { class_name: 'Circle', topic: 'cycles' },
    });
    expect(await joinRoom(bianca, tokens.bianca!, group.body.xmpp_room_jid)).toBe('joined');
    expect(await joinRoom(ava, tokens.ava!, group.body.xmpp_room_jid)).toBe('registration-required');
  });

  it('creates a public group that anyone may see', async () => {
    const open = await create('emma', { type: 1, name: `Open Q&A ${Date.now()}` });
    expect(open.status).toBe(201);
    const seen = await qb.call('GET', `/chat/Dialog/${open.body._id}.json`, { token: tokens.ava });
    expect(seen.status).toBe(200);
    expect(await joinRoom(ava, tokens.ava!, open.body.xmpp_room_jid)).toBe('joined');
  });

  it('answers 422 for bad types, unknown occupants and nameless groups', async () => {
    expect((await create('emma', { type: 7, occupants_ids: '200002' })).status).toBe(422);
    expect((await create('emma', { type: 3, occupants_ids: '999999' })).body.errors).toHaveProperty(
      'occupants_ids',
    );
    expect((await create('emma', { type: 3, occupants_ids: '200002,200003' })).status).toBe(422);
    expect((await create('emma', { type: 2, occupants_ids: '200002' })).body.errors).toHaveProperty('name');
    expect((await create('emma', { type: 3, occupants_ids: 'abc' })).status).toBe(422);
  });
});

describe('GET /chat/Dialog.json', () => {
  it('lists only visible dialogs, with type filters, sort, limit/skip and count', async () => {
    const all = await qb.call('GET', '/chat/Dialog.json', { token: tokens.emma });
    expect(all.status).toBe(200);
    expect(all.body).toMatchObject({ skip: 0, limit: 100 });
    expect(all.body.items.every((d: Loose) => d.type === 1 || d.occupants_ids.includes(emma.chatId))).toBe(
      true,
    );
    const privateOnly = await qb.call('GET', '/chat/Dialog.json?type=3', { token: tokens.emma });
    expect(privateOnly.body.items.every((d: Loose) => d.type === 3)).toBe(true);
    const groups = await qb.call('GET', '/chat/Dialog.json', {
      token: tokens.emma,
      form: { 'type[in]': '1,2', sort_asc: 'created_at', limit: 1, skip: 1 },
    });
    expect(groups.body.limit).toBe(1);
    expect(groups.body.items).toHaveLength(1);
    expect([1, 2]).toContain(groups.body.items[0].type);
    const count = await qb.call('GET', '/chat/Dialog.json?count=1&type=3', { token: tokens.emma });
    expect(count.body).toEqual({ items_count: privateOnly.body.total_entries });
    expect((await qb.call('GET', '/chat/Dialog.json?limit=0', { token: tokens.emma })).status).toBe(422);
    expect(
      (await qb.call('GET', '/chat/Dialog.json?sort_desc=password', { token: tokens.emma })).status,
    ).toBe(422);
  });

  it("never shows another pair's private dialog", async () => {
    const pair = await create('emma', { type: 3, occupants_ids: `${bianca.chatId}` });
    const avaList = await qb.call('GET', '/chat/Dialog.json', { token: tokens.ava });
    expect(avaList.body.items.map((d: Loose) => d._id)).not.toContain(pair.body._id);
    expect((await qb.call('GET', `/chat/Dialog/${pair.body._id}.json`, { token: tokens.ava })).status).toBe(
      404,
    );
  });
});

describe('PUT /chat/Dialog/{id}.json', () => {
  it('renames and adds or removes occupants, with the room following', async () => {
    const group = (await create('emma', { type: 2, name: 'Before', occupants_ids: `${bianca.chatId}` })).body;
    const renamed = await qb.call('PUT', `/chat/Dialog/${group._id}.json`, {
      token: tokens.bianca,
      json: { name: 'After' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('After');
    const added = await qb.call('PUT', `/chat/Dialog/${group._id}.json`, {
      token: tokens.bianca,
      json: { push_all: { occupants_ids: [ava.chatId] } },
    });
    expect(added.body.occupants_ids).toContain(ava.chatId);
    expect(await joinRoom(ava, tokens.ava!, group.xmpp_room_jid)).toBe('joined');
    // Only the owner removes others; anyone may leave.
    expect(
      (
        await qb.call('PUT', `/chat/Dialog/${group._id}.json`, {
          token: tokens.bianca,
          json: { pull_all: { occupants_ids: [ava.chatId] } },
        })
      ).status,
    ).toBe(403);
    const removed = await qb.call('PUT', `/chat/Dialog/${group._id}.json`, {
      token: tokens.emma,
      json: { pull_all: { occupants_ids: [ava.chatId] } },
    });
    expect(removed.body.occupants_ids).not.toContain(ava.chatId);
    // Removed by the owner: banned from the room (wire §17, a kick for whoever is in it) until added again.
    expect(await joinRoom(ava, tokens.ava!, group.xmpp_room_jid)).toBe('forbidden');
    await qb.call('PUT', `/chat/Dialog/${group._id}.json`, {
      token: tokens.emma,
      json: { push_all: { occupants_ids: [ava.chatId] } },
    });
    expect(await joinRoom(ava, tokens.ava!, group.xmpp_room_jid)).toBe('joined');
    // Left on her own: no longer a member, not banned.
    await qb.call('PUT', `/chat/Dialog/${group._id}.json`, {
      token: tokens.ava,
      json: { pull_all: { occupants_ids: [ava.chatId] } },
    });
    expect(await joinRoom(ava, tokens.ava!, group.xmpp_room_jid)).toBe('registration-required');
  });

  it('refuses non-occupants, private renames and empty updates', async () => {
    const group = (await create('emma', { type: 2, name: 'Closed', occupants_ids: `${bianca.chatId}` })).body;
    expect(
      (
        await qb.call('PUT', `/chat/Dialog/${group._id}.json`, {
          token: tokens.daniela,
          json: { name: 'Mine' },
        })
      ).status,
    ).toBe(404);
    const pair = (await create('emma', { type: 3, occupants_ids: `${bianca.chatId}` })).body;
    expect(
      (await qb.call('PUT', `/chat/Dialog/${pair._id}.json`, { token: tokens.emma, json: { name: 'x' } }))
        .status,
    ).toBe(422);
    expect(
      (await qb.call('PUT', `/chat/Dialog/${group._id}.json`, { token: tokens.emma, json: {} })).status,
    ).toBe(422);
  });
});

describe('DELETE /chat/Dialog/{ids}.json', () => {
  it('removes a dialog for oneself, for everyone with force (owner only), and reports unknown ids', async () => {
    const group = (
      await create('emma', {
        type: 2,
        name: 'Temporary',
        occupants_ids: `${bianca.chatId},${daniela.chatId}`,
      })
    ).body;
    const notOwner = await qb.call('DELETE', `/chat/Dialog/${group._id}.json`, {
      token: tokens.bianca,
      form: { force: 1 },
    });
    expect(JSON.parse(notOwner.text)).toMatchObject({ WrongPermissions: { ids: [group._id] } });

    const leave = await qb.call('DELETE', `/chat/Dialog/${group._id},ffffffffffffffffffffffff.json`, {
      token: tokens.daniela,
    });
    expect(JSON.parse(leave.text)).toEqual({
      SuccessfullyDeleted: { ids: [group._id] },
      NotFound: { ids: ['ffffffffffffffffffffffff'] },
      WrongPermissions: { ids: [] },
    });
    expect((await qb.call('GET', `/chat/Dialog/${group._id}.json`, { token: tokens.daniela })).status).toBe(
      404,
    );
    expect(
      (await qb.call('GET', `/chat/Dialog/${group._id}.json`, { token: tokens.bianca })).body.occupants_ids,
    ).not.toContain(daniela.chatId);

    const gone = await qb.call('DELETE', `/chat/Dialog/${group._id}.json`, {
      token: tokens.emma,
      form: { force: 1 },
    });
    expect(JSON.parse(gone.text).SuccessfullyDeleted.ids).toEqual([group._id]);
    expect((await qb.call('GET', `/chat/Dialog/${group._id}.json`, { token: tokens.bianca })).status).toBe(
      404,
    );
  });

  it('hides a private dialog for one side until a new message arrives', async () => {
    const pair = (await create('daniela', { type: 3, occupants_ids: `${ava.chatId}` })).body;
    await qb.call('DELETE', `/chat/Dialog/${pair._id}.json`, { token: tokens.daniela });
    const hidden = await qb.call('GET', `/chat/Dialog.json?_id=${pair._id}`, { token: tokens.daniela });
    expect(hidden.body.items).toHaveLength(0);
    expect(
      (await qb.call('GET', `/chat/Dialog.json?_id=${pair._id}`, { token: tokens.ava })).body.items,
    ).toHaveLength(1);
    await qb.call('POST', '/chat/Message.json', {
      token: tokens.ava,
      form: { chat_dialog_id: pair._id, message: 'Still there?' },
    });
    const back = await qb.call('GET', `/chat/Dialog.json?_id=${pair._id}`, { token: tokens.daniela });
    expect(back.body.items[0]).toMatchObject({ last_message: 'Still there?', unread_messages_count: 1 });
  });
});
