/**
 * Spec §4 connection lifecycle and wire §13 through the facade on the mock transport: states,
 * spec §8 errors, post-connect order, reconnect with presence and rooms re-joined once,
 * resumption with exactly-once re-sending, failed resumption, session expiry, keep-alive.
 */
import { describe, expect, it } from 'vitest';
import {
  createChatClient,
  RESUME_EXPIRED,
  STATUS_AUTHFAIL,
  STATUS_CONNFAIL,
  STATUS_ERROR,
  STATUS_REJECT,
  type ChatClientOptions,
  type ConnectionState,
} from '../../../src/xmpp';
import {
  connectedTestClient,
  createFakeClock,
  createMockTransport,
  flush,
  parseXml,
  type MockTransport,
} from '../../../src/xmpp/testing';
import type { MockTransportOptions } from '../../../src/xmpp/testing/mock-transport';
import { xml, type XmlElement } from '../../../src/xmpp/xml/element';

const SM = 'urn:xmpp:sm:3';
const ROOM = '1001_dlg@muc.localhost';

function fresh(options: Partial<ChatClientOptions> = {}, mockOptions: MockTransportOptions = {}) {
  const scheduler = createFakeClock();
  const mock = createMockTransport(mockOptions);
  const client = createChatClient({
    service: 'ws://chat.test/xmpp-websocket',
    domain: 'localhost',
    appId: 1001,
    resource: 'tab1',
    keepAliveIntervalMs: 0,
    ...options,
    scheduler,
    transportFactory: mock.factory,
  });
  return { client, mock, scheduler };
}

const names = (sent: XmlElement[]) =>
  sent.map((e) =>
    e.name === 'iq'
      ? `iq:${e.elements()[0]?.name}`
      : e.name === 'presence'
        ? `presence${e.attrs.type ? `:${e.attrs.type}` : ''}`
        : e.name,
  );

/** Joins the room through the mock, answering the self-presence. */
async function joinRoom(client: ReturnType<typeof fresh>['client'], mock: MockTransport) {
  const out = mock.catchOutgoing((e) => e.name === 'presence' && e.attrs.to === `${ROOM}/100001`);
  const joined = client.muc.join('dlg');
  answerJoin(mock, await out);
  await joined;
}

function answerJoin(mock: MockTransport, presence: XmlElement) {
  mock.mockInput(
    `<presence from="${ROOM}/100001" id="${presence.attrs.id}"><x xmlns="http://jabber.org/protocol/muc#user"><item role="participant"/><status code="110"/></x></presence>`,
  );
}

describe('connecting', () => {
  it('walks connecting → authenticating → connected and runs the post-connect actions in order', async () => {
    const { client, mock } = fresh();
    const states: ConnectionState[] = [];
    client.session.on('state', (s) => states.push(s));
    await client.connect({ userId: 100001, password: 'pw' });
    expect(states).toEqual(['connecting', 'authenticating', 'connected']);
    expect(client.isConnected).toBe(true);
    expect(client.jid).toBe('100001-1001@localhost/tab1');
    expect(mock.current?.jid).toBe('100001-1001@localhost/tab1');
    expect(mock.current?.password).toBe('pw');
    // wire §13.2: stream management, carbons, roster, then presence.
    expect(names(mock.sent).slice(0, 4)).toEqual(['enable', 'iq:enable', 'iq:query', 'presence']);
    expect(mock.sent[0]!.attrs).toMatchObject({ xmlns: SM, resume: 'true' });
  });

  it('rejects a second connect while the first runs (422 Status.REJECT)', async () => {
    const { client } = fresh();
    const first = client.connect({ userId: 100001, password: 'pw' });
    await expect(client.connect({ userId: 100001, password: 'pw' })).rejects.toMatchObject({
      code: 422,
      message: STATUS_REJECT,
    });
    await first;
  });

  it('rejects a wrong password with 401 Status.AUTHFAIL, raises it to reconnectFailed and does not retry', async () => {
    const { client, mock, scheduler } = fresh({}, { authFail: true });
    const states: ConnectionState[] = [];
    client.session.on('state', (s) => states.push(s));
    const raised: unknown[] = [];
    client.session.on('reconnectFailed', (e) => raised.push(e));
    const refused = client.connect({ userId: 100001, password: 'bad' }).catch((e: unknown) => e);
    expect(await refused).toMatchObject({ name: 'SaslError', code: 401, message: STATUS_AUTHFAIL });
    // Spec §8: "401 'Status.AUTHFAIL …' (also raised to a reconnect-failed listener)" — the first login too.
    expect(raised).toEqual([await refused]);
    expect(states).toEqual(['connecting', 'authenticating', 'auth failed', 'disconnecting', 'disconnected']);
    await scheduler.advanceAsync(60_000);
    expect(mock.connections).toHaveLength(1);
  });

  it('rejects a failed connection with 422 Status.CONNFAIL', async () => {
    const { client, mock } = fresh();
    const connecting = client.connect({ userId: 100001, password: 'pw' });
    mock.status('connfail', 'The WebSocket connection could not be established or was disconnected.');
    mock.status('disconnected');
    await expect(connecting).rejects.toMatchObject({
      name: 'StreamError',
      code: 422,
      message: STATUS_CONNFAIL,
    });
  });

  it('takes the user id (the room nick) only from a login that succeeded', async () => {
    const { client, mock } = fresh({}, { authFail: true });
    await expect(client.connect({ userId: 100001, password: 'bad' })).rejects.toMatchObject({ code: 401 });
    expect(client.userId).toBeNull();
    mock.options.authFail = false;
    await client.connect({ userId: 100001, password: 'pw' });
    expect(client.userId).toBe(100001);
    const streams = mock.connections.length;
    // Connected already: the current contacts come back, the stream and who we are stay.
    expect(await client.connect({ userId: 100002, password: 'other' })).toEqual({});
    expect(client.userId).toBe(100001);
    expect(mock.connections).toHaveLength(streams);
    const join = mock.catchOutgoing('presence');
    void client.muc.join('dlg').catch(() => undefined);
    expect((await join).attrs.to).toBe(`${ROOM}/100001`);
    await client.disconnect();
    mock.options.authFail = true;
    await expect(client.connect({ userId: 100002, password: 'bad' })).rejects.toMatchObject({ code: 401 });
    expect(client.userId).toBe(100001);
    mock.options.authFail = false;
    await client.connect({ userId: 100002, password: 'pw' });
    expect(client.userId).toBe(100002);
  });

  it('forgets the contacts on a deliberate sign-out', async () => {
    const { client, mock } = fresh({}, { autoRespond: false });
    const connecting = client.connect({ userId: 100001, password: 'pw' });
    const get = await mock.catchOutgoing(
      (e) => e.name === 'iq' && e.attrs.id?.endsWith(':getRoster') === true,
    );
    mock.reply(
      get,
      xml(
        'query',
        { xmlns: 'jabber:iq:roster' },
        xml('item', { jid: '200001-1001@localhost', subscription: 'both' }),
      ),
    );
    expect(await connecting).toEqual({ 200001: { subscription: 'both', ask: null } });
    const changes: unknown[] = [];
    client.roster.on('contacts', (c) => changes.push(c));
    await client.disconnect();
    expect(client.contacts).toEqual({});
    expect(changes).toEqual([{}]);
  });

  it('rejects a stream error with 422 Status.ERROR and does not retry a first login', async () => {
    const { client, mock, scheduler } = fresh();
    const states: ConnectionState[] = [];
    client.session.on('state', (s) => states.push(s));
    const connecting = client.connect({ userId: 100001, password: 'pw' });
    mock.status('error', 'policy-violation');
    mock.status('disconnected');
    await expect(connecting).rejects.toMatchObject({
      name: 'StreamError',
      code: 422,
      message: STATUS_ERROR,
      condition: 'policy-violation',
    });
    expect(states).toEqual(['connecting', 'error', 'disconnected']);
    await scheduler.advanceAsync(30_000);
    expect(mock.connections).toHaveLength(1);
  });

  it('never enables stream management on BOSH', async () => {
    const { client, mock } = fresh({ service: 'http://chat.test/http-bind' });
    await client.connect({ userId: 100001, password: 'pw' });
    expect(client.transport).toBe('bosh');
    expect(mock.sent.some((e) => e.name === 'enable')).toBe(false);
  });
});

describe('reconnecting without stream management', () => {
  it('reconnects every 3 s, re-sends presence, re-joins rooms once and fires reconnect', async () => {
    const { client, mock, scheduler } = fresh({ streamManagement: false });
    await client.connect({ userId: 100001, password: 'pw' });
    await joinRoom(client, mock);
    const events: string[] = [];
    client.session.on('disconnected', (e) => events.push(`disconnected ${e.willReconnect}`));
    client.on('reconnect', () => events.push('reconnect'));
    client.session.on('reconnectFailed', (e) => events.push(`reconnectFailed ${e.code}`));
    mock.options.authFail = true;
    mock.current!.drop();
    await flush();
    expect(events).toEqual(['disconnected true', 'reconnectFailed 401']);
    expect(() => client.send(200001, { body: 'offline' })).toThrow('Chat is not connected');
    expect(mock.connections).toHaveLength(2);
    mock.options.authFail = false;
    const rejoin = mock.catchOutgoing((e) => e.name === 'presence' && e.attrs.to === `${ROOM}/100001`);
    await scheduler.advanceAsync(2999);
    expect(mock.connections).toHaveLength(2);
    await scheduler.advanceAsync(1);
    expect(mock.connections).toHaveLength(3);
    answerJoin(mock, await rejoin);
    await flush();
    expect(events.at(-1)).toBe('reconnect');
    const third = names(mock.connections[2]!.sent);
    expect(third).toEqual(['iq:enable', 'iq:query', 'presence', 'presence']);
    expect(mock.connections[2]!.sent.filter((e) => e.attrs.to?.startsWith(ROOM))).toHaveLength(1);
    await scheduler.advanceAsync(30_000);
    expect(mock.connections).toHaveLength(3);
  });

  it('holds a post to a room from the fresh login after a drop until the room is joined again (XEP-0045 §7.4)', async () => {
    const { client, mock } = fresh({ streamManagement: false });
    await client.connect({ userId: 100001, password: 'pw' });
    await joinRoom(client, mock);
    const posts = () => mock.sent.filter((e) => e.name === 'message');
    // Posted as the new session fetches its roster, before any re-join: it waits.
    const rosterAsked = mock.catchOutgoing(
      (e) => e.name === 'iq' && e.child('query', 'jabber:iq:roster') !== undefined,
    );
    const rejoin = mock.catchOutgoing((e) => e.name === 'presence' && e.attrs.to === `${ROOM}/100001`);
    mock.current!.drop();
    await rosterAsked;
    const id = client.send(ROOM, { body: 'Back again' });
    expect(posts()).toEqual([]);
    answerJoin(mock, await rejoin);
    await flush();
    expect(posts().map((e) => e.attrs.id)).toEqual([id]);
    expect(mock.connections).toHaveLength(2);
  });

  it('keeps the re-join of a join the drop left unanswered: the first join’s timer does not end it', async () => {
    const { client, mock, scheduler } = fresh({ streamManagement: false });
    await client.connect({ userId: 100001, password: 'pw' });
    const toRoom = (e: XmlElement) => e.name === 'presence' && e.attrs.to === `${ROOM}/100001`;
    const first = mock.catchOutgoing(toRoom);
    // Sent into a connection that died without a word: never answered.
    const lost = client.muc.join('dlg').catch((error: Error) => error.message);
    await first;
    await scheduler.advanceAsync(5000);
    const rejoin = mock.catchOutgoing(toRoom);
    mock.current!.drop();
    const again = await rejoin;
    expect(await lost).toBe('Superseded by a newer request for this room');
    // Past the first join's timeout (15 s), before the re-join's (20 s): the room answers the re-join.
    await scheduler.advanceAsync(11_000);
    answerJoin(mock, again);
    await scheduler.advanceAsync(10_000);
    expect(client.joinedRooms).toEqual([ROOM]);
  });

  it('lists, after a fresh login, only the occupants the re-join saw (XEP-0045 §7.2.3)', async () => {
    const { client, mock } = fresh({ streamManagement: false });
    await client.connect({ userId: 100001, password: 'pw' });
    const occupant = (id: number) =>
      `<presence from="${ROOM}/${id}"><x xmlns="http://jabber.org/protocol/muc#user"><item role="participant"/></x></presence>`;
    const toRoom = (e: XmlElement) => e.name === 'presence' && e.attrs.to === `${ROOM}/100001`;
    const first = mock.catchOutgoing(toRoom);
    const joined = client.muc.join('dlg');
    const join = await first;
    mock.mockInput(occupant(200003));
    mock.mockInput(occupant(200004));
    answerJoin(mock, join);
    await joined;
    // The stream is lost for good. Bianca (200003) leaves meanwhile: the re-join of the fresh
    // session brings Clara's (200004) presence only.
    const rejoin = mock.catchOutgoing(toRoom);
    mock.current!.drop();
    const again = await rejoin;
    mock.mockInput(occupant(200004));
    answerJoin(mock, again);
    await flush();
    // A server that lists a room's occupants to none (Prosody 0.12): the stack's own count.
    const query = mock.catchOutgoing('iq');
    const online = client.muc.listOnlineUsers('dlg');
    mock.reply(await query, parseXml('<query xmlns="http://jabber.org/protocol/disco#items"/>'));
    expect((await online).sort()).toEqual([100001, 200004]);
  });

  it('does not reconnect after a deliberate sign-out, nor after a conflict', async () => {
    const { client, mock, scheduler } = fresh({ streamManagement: false });
    await client.connect({ userId: 100001, password: 'pw' });
    await joinRoom(client, mock);
    const offline: unknown[] = [];
    client.session.on('disconnected', (e) => offline.push(e));
    await client.disconnect();
    expect(client.state).toBe('disconnected');
    expect(client.joinedRooms).toEqual([]);
    expect(offline).toEqual([{ intentional: true, condition: null, willReconnect: false }]);
    await scheduler.advanceAsync(30_000);
    expect(mock.connections).toHaveLength(1);

    await client.connect({ userId: 100001, password: 'pw' });
    mock.status('error', 'conflict');
    mock.status('disconnected');
    await scheduler.advanceAsync(30_000);
    expect(offline.at(-1)).toMatchObject({ intentional: false, condition: 'conflict', willReconnect: false });
    expect(mock.connections).toHaveLength(2);
  });

  it('takes a roster push that arrives during a sign-out without throwing into the transport', async () => {
    // Found when a member simulator was stopped as a provider removed her (CI of b75066b): the
    // push's result could not go, and the throw ended the process.
    const { client, mock } = fresh({ streamManagement: false });
    await client.connect({ userId: 100001, password: 'pw' });
    const errors: unknown[] = [];
    client.on('error', (e) => errors.push(e));
    const signedOut = client.disconnect();
    const push = xml(
      'iq',
      { type: 'set', id: 'push1' },
      xml(
        'query',
        { xmlns: 'jabber:iq:roster' },
        xml('item', { jid: '200001-1001@localhost', subscription: 'none' }),
      ),
    );
    expect(() => mock.mockInput(push)).not.toThrow();
    await signedOut;
    expect(client.state).toBe('disconnected');
    expect(mock.connections[0]!.sent.some((e) => e.attrs.id === 'push1')).toBe(false);
    expect(errors).toEqual([]);
  });

  it('treats a connect after a sign-out as a first login, not a reconnect', async () => {
    const { client, mock } = fresh({ streamManagement: false });
    await client.connect({ userId: 100001, password: 'pw' });
    await client.disconnect();
    let reconnects = 0;
    client.on('reconnect', () => reconnects++);
    await client.connect({ userId: 100001, password: 'pw' });
    expect(reconnects).toBe(0);
    expect(names(mock.connections[1]!.sent)).toEqual(['iq:enable', 'iq:query', 'presence']);
  });

  it('stops when the session token has expired', async () => {
    let expired = false;
    const { client, mock, scheduler } = fresh({ streamManagement: false, isSessionExpired: () => expired });
    await client.connect({ userId: 100001, password: 'pw' });
    let stopped = 0;
    client.session.on('sessionExpired', () => stopped++);
    expired = true;
    mock.current!.drop();
    await scheduler.advanceAsync(30_000);
    expect(stopped).toBe(1);
    expect(mock.connections).toHaveLength(1);
  });
});

describe('stream management', () => {
  async function connectedWithTraffic() {
    const t = await connectedTestClient({ resource: 'tab1' });
    const { client, mock } = t;
    await joinRoom(client as never, mock);
    // Two stanzas from the server counted after <enabled/>.
    mock.mockInput(`<message type="chat" from="200001-1001@localhost/p" id="in1"><body>1</body></message>`);
    mock.mockInput(`<message type="chat" from="200001-1001@localhost/p" id="in2"><body>2</body></message>`);
    return t;
  }

  it('resumes a dropped stream and re-sends every unacknowledged stanza once, nothing else', async () => {
    const { client, mock, scheduler } = await connectedWithTraffic();
    // Counted since <enabled/>: the carbons and roster results, the room self-presence, two messages.
    const inbound = 2 + 1 + 2;
    const firstConnection = mock.current!;
    const stanzas = (list: XmlElement[]) =>
      list.filter((e) => ['message', 'presence', 'iq'].includes(e.name)).length;
    const sentBefore = stanzas(firstConnection.sent);
    const acked: string[] = [];
    client.session.on('acked', (e) => acked.push(e.id));
    const a = client.send(200001, { body: 'a' });
    const b = client.send(200001, { body: 'b' });
    await scheduler.advanceAsync(0);
    mock.mockInput(xml('a', { xmlns: SM, h: sentBefore + 1 }));
    expect(acked).toEqual([a]);
    const resumes: unknown[] = [];
    client.session.on('resumed', (e) => resumes.push(e));
    const events: string[] = [];
    client.session.on('disconnected', () => events.push('disconnected'));
    client.on('reconnect', () => events.push('reconnect'));
    firstConnection.drop();
    await flush();
    const c = client.send(200001, { body: 'c (while down)' });
    const resume = mock.current!.sent.find((e) => e.name === 'resume');
    expect(resume?.attrs).toMatchObject({ xmlns: SM, previd: 'sm-1', h: String(inbound) });
    expect(mock.current!.sent.some((e) => e.name === 'presence')).toBe(false);
    mock.mockInput(xml('resumed', { xmlns: SM, previd: 'sm-1', h: sentBefore + 1 }));
    await flush();
    expect(client.isConnected).toBe(true);
    expect(client.state).toBe('connected');
    const resent = mock.current!.sent.filter((e) => e.name === 'message').map((e) => e.attrs.id);
    expect(resent).toEqual([b, c]);
    expect(resumes).toEqual([{ resent: 2 }]);
    expect(events).toEqual(['disconnected']);
    // No roster, presence or room join on a resumed stream.
    expect(names(mock.current!.sent).filter((n) => n !== 'message' && n !== 'r')).toEqual(['resume']);
    // The server's later <a/> settles the re-sent ones.
    mock.mockInput(xml('a', { xmlns: SM, h: sentBefore + 3 }));
    expect(acked).toEqual([a, b, c]);
  });

  it('after a failed resumption logs in afresh, re-joins rooms and re-sends messages without their stale from', async () => {
    const { client, mock } = await connectedWithTraffic();
    const lost = client.send(200001, { body: 'lost?' });
    const events: string[] = [];
    client.session.on('resumeFailed', (e) => events.push(`resumeFailed ${e.condition} ${e.salvaged}`));
    client.on('reconnect', () => events.push('reconnect'));
    mock.current!.drop();
    await flush();
    const rejoin = mock.catchOutgoing((e) => e.name === 'presence' && e.attrs.to === `${ROOM}/100001`);
    mock.mockInput(
      `<failed xmlns="${SM}"><item-not-found xmlns="urn:ietf:params:xml:ns:xmpp-stanzas"/></failed>`,
    );
    answerJoin(mock, await rejoin);
    await flush();
    expect(events).toEqual(['resumeFailed item-not-found 1', 'reconnect']);
    const second = mock.current!.sent;
    expect(names(second)).toEqual([
      'resume',
      'enable',
      'iq:enable',
      'iq:query',
      'presence',
      'presence',
      'message',
    ]);
    const again = second.at(-1)!;
    expect(again.attrs.id).toBe(lost);
    expect(again.attrs.from).toBeUndefined();
    expect(client.joinedRooms).toEqual([ROOM]);
  });

  it('holds a message written while the fresh session after a failed resumption starts, and sends it after the salvaged ones', async () => {
    const { client, mock } = await connectedWithTraffic();
    const lost = client.send(200001, { body: 'lost?' });
    mock.current!.drop();
    await flush();
    const rejoin = mock.catchOutgoing((e) => e.name === 'presence' && e.attrs.to === `${ROOM}/100001`);
    mock.mockInput(
      `<failed xmlns="${SM}"><item-not-found xmlns="urn:ietf:params:xml:ns:xmpp-stanzas"/></failed>`,
    );
    // XEP-0198 §5: the old session is gone, the new one not online yet.
    expect(client.isConnected).toBe(false);
    const during = client.send(200001, { body: 'written while the new session starts' });
    answerJoin(mock, await rejoin);
    await flush();
    const messages = mock.current!.sent.filter((e) => e.name === 'message');
    expect(messages.map((e) => e.attrs.id)).toEqual([lost, during]);
    expect(messages.every((e) => e.attrs.from === undefined)).toBe(true);
  });

  it('says so when the resumption window ran out before it could try, then logs in afresh', async () => {
    const { client, mock, scheduler } = await connectedWithTraffic();
    const lost = client.send(200001, { body: 'lost?' });
    const events: string[] = [];
    client.session.on('resumeFailed', (e) => events.push(`resumeFailed ${e.condition} ${e.salvaged}`));
    client.session.on('resumed', () => events.push('resumed'));
    client.on('reconnect', () => events.push('reconnect'));
    // Every attempt within the server's window (max=60 s) is refused before it could resume.
    mock.options.authFail = true;
    mock.current!.drop();
    await scheduler.advanceAsync(60_000);
    expect(mock.connections.every((c) => !c.sent.some((e) => e.name === 'resume'))).toBe(true);
    expect(events).toEqual([]);
    mock.options.authFail = false;
    const rejoin = mock.catchOutgoing((e) => e.name === 'presence' && e.attrs.to === `${ROOM}/100001`);
    await scheduler.advanceAsync(3000);
    answerJoin(mock, await rejoin);
    await flush();
    expect(events).toEqual([`resumeFailed ${RESUME_EXPIRED} 1`, 'reconnect']);
    const fresh = mock.current!.sent;
    expect(names(fresh)).toEqual(['enable', 'iq:enable', 'iq:query', 'presence', 'presence', 'message']);
    expect(fresh.at(-1)!.attrs.id).toBe(lost);
    expect(fresh.at(-1)!.attrs.from).toBeUndefined();
  });

  it('does not report a failed resumption when the server never offered one', async () => {
    const { client, mock } = await connectedTestClient({ mock: { streamManagement: false } });
    const events: string[] = [];
    client.session.on('resumeFailed', () => events.push('resumeFailed'));
    client.on('reconnect', () => events.push('reconnect'));
    mock.current!.drop();
    await flush();
    expect(events).toEqual(['reconnect']);
  });

  it('reports a message the server never acknowledged after the 30 s callback interval', async () => {
    const { client, scheduler } = await connectedTestClient();
    const unacked: string[] = [];
    client.session.on('unacked', (e) => unacked.push(e.id));
    const id = client.send(200001, { body: 'x' });
    await scheduler.advanceAsync(30_000);
    expect(unacked).toEqual([id]);
  });
});

describe('keep-alive', () => {
  it('forces a reconnect after the 7th ping without an answer, and resumes', async () => {
    const { client, mock, scheduler } = await connectedTestClient({ keepAliveIntervalMs: 5000 });
    mock.options.autoRespond = false;
    const failures: number[] = [];
    client.session.on('pingFailure', (e) => failures.push(e.failures));
    await scheduler.advanceAsync(6 * 6000);
    expect(failures).toEqual([1, 2, 3, 4, 5, 6]);
    expect(mock.connections).toHaveLength(1);
    await scheduler.advanceAsync(6000);
    expect(failures).toHaveLength(7);
    expect(mock.connections).toHaveLength(2);
    const pings = mock.connections[0]!.sent.filter((e) => e.child('ping', 'urn:xmpp:ping'));
    expect(pings).toHaveLength(7);
    expect(pings[0]!.attrs.to).toBe('localhost');
    expect(mock.current!.sent[0]?.name).toBe('resume');
  });
});
