/** Wire §17 / spec §4 rooms: join with zero history, 110 with the join id, errors, leave, occupants, 301. */
import { describe, expect, it } from 'vitest';
import { TimeoutError, type KickEvent, type OccupantEvent, type XmppError } from '../../../src/xmpp';
import { connectedTestClient, parseXml } from '../../../src/xmpp/testing';
import type { XmlElement } from '../../../src/xmpp/xml/element';

const ROOM = '1001_dlg@muc.localhost';
const MUC_USER = 'http://jabber.org/protocol/muc#user';
const self = (id: string, codes: number[] = [110], type = '') =>
  `<presence from="${ROOM}/100001" id="${id}"${type ? ` type="${type}"` : ''}><x xmlns="${MUC_USER}"><item affiliation="none" role="participant"/>${codes
    .map((c) => `<status code="${c}"/>`)
    .join('')}</x></presence>`;

describe('rooms', () => {
  it('joins with zero history and completes on the self-presence carrying the join id', async () => {
    const { client, mock } = await connectedTestClient();
    const out = mock.catchOutgoing('presence');
    const joined = client.muc.join('dlg');
    const presence = await out;
    expect(presence.attrs.to).toBe(`${ROOM}/100001`);
    expect(presence.attrs.id).toMatch(/:join$/);
    expect(presence.toString()).toContain(
      '<x xmlns="http://jabber.org/protocol/muc"><history maxstanzas="0"/></x>',
    );
    mock.mockInput(
      `<presence from="${ROOM}/200003"><x xmlns="${MUC_USER}"><item role="participant"/></x></presence>`,
    );
    mock.mockInput(self(presence.attrs.id!));
    expect(await joined).toEqual({ dialogId: 'dlg' });
    expect(client.joinedRooms).toEqual([ROOM]);
  });

  it('sends one join for callers that ask at once, and none for a room it is in', async () => {
    const { client, mock, scheduler } = await connectedTestClient();
    const joinsSent = () => mock.sent.filter((e) => e.name === 'presence' && e.attrs.to === `${ROOM}/100001`);
    const out = mock.catchOutgoing('presence');
    // The dialog list's follower and a login (or two tabs through the holder) ask at once.
    const first = client.muc.join('dlg');
    const second = client.muc.join(ROOM);
    let answered = false;
    void second.then(() => (answered = true));
    const joinId = (await out).attrs.id!;
    await scheduler.advanceAsync(0);
    expect(answered).toBe(false);
    mock.mockInput(self(joinId));
    expect(await Promise.all([first, second])).toEqual([{ dialogId: 'dlg' }, { dialogId: 'dlg' }]);
    expect(await client.muc.join('dlg')).toEqual({ dialogId: 'dlg' });
    await scheduler.advanceAsync(0);
    expect(joinsSent()).toHaveLength(1);
    expect(client.joinedRooms).toEqual([ROOM]);
  });

  it('ends a join under way when the room is left, so a later join is sent afresh', async () => {
    const { client, mock } = await connectedTestClient();
    const toRoom = (e: XmlElement) => e.name === 'presence' && e.attrs.to === `${ROOM}/100001`;
    const out = mock.catchOutgoing(toRoom);
    const first = client.muc.join('dlg').catch((error: Error) => error.message);
    await out;
    void client.muc.leave('dlg').catch(() => undefined);
    expect(await first).toBe('Superseded by a newer request for this room');
    const again = mock.catchOutgoing((e) => toRoom(e) && e.attrs.type !== 'unavailable');
    const second = client.muc.join('dlg');
    mock.mockInput(self((await again).attrs.id!));
    expect(await second).toEqual({ dialogId: 'dlg' });
  });

  it('holds a post to a room until our join of it is answered, then sends it (XEP-0045 §7.4)', async () => {
    const { client, mock, scheduler } = await connectedTestClient();
    const out = mock.catchOutgoing('presence');
    const joined = client.muc.join('dlg');
    const joinId = (await out).attrs.id!;
    const posts = () => mock.sent.filter((e) => e.name === 'message' && e.attrs.to === ROOM);
    const id = client.send(ROOM, { body: 'Welcome, everyone' });
    await scheduler.advanceAsync(0);
    expect(posts()).toEqual([]);
    // A message to a person does not wait for any room.
    client.send(200003, { body: 'To Bianca' });
    expect(mock.sent.filter((e) => e.name === 'message' && e.attrs.type === 'chat')).toHaveLength(1);
    mock.mockInput(self(joinId));
    await joined;
    await scheduler.advanceAsync(0);
    expect(posts().map((e) => [e.attrs.id, e.attrs.type])).toEqual([[id, 'groupchat']]);
    // Once in, a post goes at once.
    client.send(ROOM, { body: 'And again' });
    expect(posts()).toHaveLength(2);
  });

  it('sends a post held for a refused join all the same, for the server to refuse', async () => {
    const { client, mock, scheduler } = await connectedTestClient();
    const out = mock.catchOutgoing('presence');
    const refused = client.muc.join('dlg').catch((error: XmppError) => error);
    const joinId = (await out).attrs.id!;
    client.send(ROOM, { body: 'Too early' });
    mock.mockInput(
      `<presence from="${ROOM}/100001" type="error" id="${joinId}"><x xmlns="http://jabber.org/protocol/muc"/>` +
        `<error type="auth" code="500"><registration-required xmlns="urn:ietf:params:xml:ns:xmpp-stanzas"/></error></presence>`,
    );
    expect(await refused).toMatchObject({ code: 500 });
    await scheduler.advanceAsync(0);
    expect(mock.sent.filter((e) => e.name === 'message' && e.attrs.to === ROOM)).toHaveLength(1);
  });

  it('does not complete a join on a self-presence with another id, no id or no status 110', async () => {
    const { client, mock, scheduler } = await connectedTestClient({ iqTimeoutMs: 5000 });
    const out = mock.catchOutgoing('presence');
    let settled: string | null = null;
    const joined = client.muc.join('dlg').then(
      () => (settled = 'joined'),
      (error: Error) => (settled = error.name),
    );
    const id = (await out).attrs.id!;
    mock.mockInput(self('stale:join'));
    mock.mockInput(
      `<presence from="${ROOM}/100001"><x xmlns="${MUC_USER}"><item role="participant"/><status code="110"/></x></presence>`,
    );
    mock.mockInput(self(id, []));
    await scheduler.advanceAsync(0);
    expect(settled).toBeNull();
    // An error answering some other request is not this join's failure either.
    mock.mockInput(
      `<presence from="${ROOM}/100001" type="error" id="other"><error type="cancel"/></presence>`,
    );
    await scheduler.advanceAsync(0);
    expect(settled).toBeNull();
    mock.mockInput(self(id));
    await joined;
    expect(settled).toBe('joined');
    expect(client.joinedRooms).toEqual([ROOM]);
  });

  it('times out when the room never echoes the join id', async () => {
    const { client, mock, scheduler } = await connectedTestClient({ iqTimeoutMs: 5000 });
    const out = mock.catchOutgoing('presence');
    const join = client.muc.join('dlg');
    const check = expect(join).rejects.toBeInstanceOf(TimeoutError);
    await out;
    mock.mockInput(self('not-the-join-id'));
    await scheduler.advanceAsync(5000);
    await check;
    expect(client.joinedRooms).toEqual([]);
  });

  it("fails with the response's code and text, or 500 and 'Unknown issue'", async () => {
    const { client, mock } = await connectedTestClient();
    const first = mock.catchOutgoing('presence');
    const forbidden = client.muc.join(ROOM);
    mock.mockInput(
      `<presence from="${ROOM}/100001" type="error" id="${(await first).attrs.id}"><x xmlns="http://jabber.org/protocol/muc"/>` +
        `<error type="auth" code="403"><forbidden xmlns="urn:ietf:params:xml:ns:xmpp-stanzas"/><text xmlns="urn:ietf:params:xml:ns:xmpp-stanzas">You are banned</text></error></presence>`,
    );
    await expect(forbidden).rejects.toMatchObject({
      code: 403,
      message: 'You are banned',
      condition: 'forbidden',
    });
    expect(client.joinedRooms).toEqual([]);
    const second = mock.catchOutgoing('presence');
    const unknown = client.muc.join('dlg');
    mock.mockInput(
      `<presence from="${ROOM}/100001" type="error" id="${(await second).attrs.id}"><error type="cancel"/></presence>`,
    );
    await expect(unknown).rejects.toMatchObject({
      code: 500,
      message: 'Unknown issue',
    } satisfies Partial<XmppError>);
  });

  it('times out a join the room never answers', async () => {
    const { client, scheduler } = await connectedTestClient({ iqTimeoutMs: 5000 });
    const join = client.muc.join('dlg');
    const check = expect(join).rejects.toBeInstanceOf(TimeoutError);
    await scheduler.advanceAsync(5000);
    await check;
  });

  it('tracks occupants joining and leaving, and lists online users', async () => {
    const { client, mock } = await connectedTestClient();
    const joins: OccupantEvent[] = [];
    const leaves: OccupantEvent[] = [];
    client.muc.on('joinOccupant', (e) => joins.push(e));
    client.muc.on('leaveOccupant', (e) => leaves.push(e));
    const occupant = (id: number, type = '') =>
      `<presence from="${ROOM}/${id}"${type ? ` type="${type}"` : ''}><x xmlns="${MUC_USER}"><item role="participant"/></x></presence>`;
    mock.mockInput(occupant(200003));
    mock.mockInput(occupant(200003));
    mock.mockInput(occupant(200003, 'unavailable'));
    mock.mockInput(occupant(200003, 'unavailable'));
    expect(joins).toEqual([{ dialogId: 'dlg', userId: 200003 }]);
    expect(leaves).toEqual([{ dialogId: 'dlg', userId: 200003 }]);
    const query = mock.catchOutgoing('iq');
    const online = client.muc.listOnlineUsers('dlg');
    const iq = await query;
    expect(iq.attrs.id).toMatch(/:muc_disco_items$/);
    mock.reply(
      iq,
      parseXml(
        `<query xmlns="http://jabber.org/protocol/disco#items"><item jid="${ROOM}/100001" name="100001"/><item jid="${ROOM}/200003"/></query>`,
      ),
    );
    expect(await online).toEqual([100001, 200003]);
  });

  it('lists the occupants it saw when the server lists none (Prosody 0.12)', async () => {
    const { client, mock } = await connectedTestClient();
    const out = mock.catchOutgoing('presence');
    const joined = client.muc.join('dlg');
    mock.mockInput(
      `<presence from="${ROOM}/200004"><x xmlns="${MUC_USER}"><item role="moderator"/></x></presence>`,
    );
    mock.mockInput(self((await out).attrs.id!));
    await joined;
    const query = mock.catchOutgoing('iq');
    const online = client.muc.listOnlineUsers('dlg');
    mock.reply(await query, parseXml('<query xmlns="http://jabber.org/protocol/disco#items"/>'));
    expect((await online).sort()).toEqual([100001, 200004]);
    const elsewhere = mock.catchOutgoing('iq');
    const other = client.muc.listOnlineUsers('other');
    mock.reply(await elsewhere, parseXml('<query xmlns="http://jabber.org/protocol/disco#items"/>'));
    expect(await other).toEqual([]);
  });

  it('forgets a room we were banned (301) or kicked (307) from and reports others being removed', async () => {
    const { client, mock } = await connectedTestClient();
    const kicks: KickEvent[] = [];
    client.muc.on('kick', (e) => kicks.push(e));
    const out = mock.catchOutgoing('presence');
    const joined = client.muc.join('dlg');
    mock.mockInput(self((await out).attrs.id!));
    await joined;
    mock.mockInput(
      `<presence from="${ROOM}/200003" type="unavailable"><x xmlns="${MUC_USER}"><item role="none"><actor jid="100001-1001@localhost/x"/></item><status code="307"/></x></presence>`,
    );
    expect(kicks).toEqual([{ dialogId: 'dlg', userId: 200003, actorId: 100001, code: 307, self: false }]);
    expect(client.joinedRooms).toEqual([ROOM]);
    mock.mockInput(
      `<presence from="${ROOM}/100001" type="unavailable"><x xmlns="${MUC_USER}"><item affiliation="outcast" role="none"><actor jid="200004-1001@localhost"/></item><status code="301"/><status code="110"/></x></presence>`,
    );
    expect(kicks.at(-1)).toEqual({ dialogId: 'dlg', userId: 100001, actorId: 200004, code: 301, self: true });
    expect(client.joinedRooms).toEqual([]);
  });

  it('leaves, accepts rooms it creates as instant rooms, and moderates', async () => {
    const { client, mock, scheduler } = await connectedTestClient();
    const out = mock.catchOutgoing('presence');
    let entered = false;
    const joined = client.muc.join('dlg').then(() => (entered = true));
    const unlock = mock.catchOutgoing((e) => e.name === 'iq' && e.toString().includes('muc#owner'));
    mock.mockInput(self((await out).attrs.id!, [110, 201]));
    const owner = await unlock;
    expect(owner.toString()).toContain('<x xmlns="jabber:x:data" type="submit"/>');
    // XEP-0045 §10.1.1: the new room is locked to others until configured; the join waits for it.
    await scheduler.advanceAsync(0);
    expect(entered).toBe(false);
    mock.reply(owner);
    await joined;
    const leave = mock.catchOutgoing('presence');
    const left = client.muc.leave('dlg');
    expect((await leave).attrs).toMatchObject({ type: 'unavailable', to: `${ROOM}/100001` });
    expect(client.joinedRooms).toEqual([]);
    mock.mockInput(self('', [110], 'unavailable'));
    await left;
    const kick = mock.catchOutgoing((e) => e.name === 'iq' && e.toString().includes('muc#admin'));
    const done = client.muc.kick('dlg', 200003, 'spam');
    const iq = await kick;
    expect(iq.toString()).toContain('<item nick="200003" role="none"><reason>spam</reason></item>');
    mock.reply(iq);
    await done;
    const ban = mock.catchOutgoing((e) => e.name === 'iq' && e.toString().includes('outcast'));
    void client.muc.ban('dlg', 200003).catch(() => undefined);
    expect((await ban).toString()).toContain('<item jid="200003-1001@localhost" affiliation="outcast"/>');
  });
});
