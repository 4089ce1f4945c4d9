/**
 * One chat connection per browser (src/xmpp/sharing; docs/architecture.md §3 "One chat connection
 * per browser"): tabs share the holder's stream, hear its events and each other's sends as today's
 * carbons, and fail over when the holder goes — closed, crashed or suspended.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  ChatNotConnectedError,
  ExtraList,
  StanzaError,
  XmlElement,
  xml,
  type ChatMessage,
} from '../../../src/xmpp';
import { decodeValue, encodeValue } from '../../../src/xmpp/sharing/codec';
import { createShareRoleMachine } from '../../../src/xmpp/sharing/role';
import { CREDENTIALS, createBus, createLocks, createTab, next, type TestTab } from './sharing-support';

const MEMBER = '200001-1001@localhost';
let tabs: TestTab[] = [];

let bus: ReturnType<typeof createBus> | null = null;
let locks: ReturnType<typeof createLocks> | null = null;

async function browser(...ids: string[]): Promise<TestTab[]> {
  bus = createBus();
  locks = createLocks();
  tabs = ids.map((id) => createTab(bus!, locks!, id));
  // The first asks first and holds; the others follow.
  await tabs[0]!.chat.connect(CREDENTIALS);
  await Promise.all(tabs.slice(1).map((tab) => tab.chat.connect(CREDENTIALS)));
  return tabs;
}

afterEach(async () => {
  await Promise.all(tabs.map((tab) => tab.chat.disconnect()));
  tabs = [];
});

const sentWith = (tab: TestTab, id: string) => tab.mock.sent.filter((e) => e.attrs.id === id);

describe('one connection for the tabs of a browser', () => {
  it('logs in once: the first tab holds the stream, the others follow it and mirror its getters', async () => {
    const [a, b, c] = await browser('a', 'b', 'c');
    expect([a!.chat.role, b!.chat.role, c!.chat.role]).toEqual(['holding', 'following', 'following']);
    expect(a!.clients() + b!.clients() + c!.clients()).toBe(1);
    expect(a!.mock.connections).toHaveLength(1);
    expect(b!.mock.connections).toHaveLength(0);
    expect(b!.chat.isConnected).toBe(true);
    expect(b!.chat.jid).toBe(a!.chat.jid);
    expect(c!.chat.userId).toBe(100001);
    expect(c!.chat.state).toBe(a!.chat.state);
  });

  it('hands every received message to every tab, and marks it delivered once', async () => {
    const [a, b, c] = await browser('a', 'b', 'c');
    const heard = [
      next(a!.chat, 'messages', 'message'),
      next(b!.chat, 'messages', 'message'),
      next(c!.chat, 'messages', 'message'),
    ];
    a!.mock.mockInput(
      `<message type="chat" from="${MEMBER}/app" id="m1"><body>hi</body><markable xmlns="urn:xmpp:chat-markers:0"/></message>`,
    );
    const messages = await Promise.all(heard);
    expect(messages.map((m) => [m.id, m.body, m.userId, m.carbon])).toEqual([
      ['m1', 'hi', 200001, null],
      ['m1', 'hi', 200001, null],
      ['m1', 'hi', 200001, null],
    ]);
    const delivered = a!.mock.sent.filter((e) => e.child('received', 'urn:xmpp:chat-markers:0'));
    expect(delivered).toHaveLength(1);
  });

  it('sends a follower’s message once through the holder with the id the follower returned; the other tabs hear it as a sent carbon', async () => {
    const [a, b, c] = await browser('a', 'b', 'c');
    const heardA = next(a!.chat, 'messages', 'message');
    const heardC = next(c!.chat, 'messages', 'message');
    const atB: ChatMessage[] = [];
    b!.chat.messages.on('message', (m) => atB.push(m));
    const out = a!.mock.catchOutgoing((e) => e.childText('body') === 'from b');
    const id = b!.chat.send(200001, { body: 'from b', markable: true });
    expect((await out).attrs.id).toBe(id);
    const copies = await Promise.all([heardA, heardC]);
    for (const copy of copies)
      expect(copy).toMatchObject({ id, carbon: 'sent', recipientId: 200001, body: 'from b', userId: 100001 });
    expect(atB).toEqual([]);
    expect(sentWith(a!, id)).toHaveLength(1);
  });

  it('tells the other tabs of a read marker sent in one, as the carbon of it would', async () => {
    const [a, b] = await browser('a', 'b');
    const read = next(b!.chat, 'markers', 'read');
    a!.chat.sendReadStatus({ messageId: 'm1', userId: 200001, dialogId: 'd1' });
    expect(await read).toEqual({ messageId: 'm1', dialogId: 'd1', userId: 100001, carbon: 'sent' });
  });

  it('tells a tab that joins of the reads sent before it came, and only that tab', async () => {
    const [a, b] = await browser('a', 'b');
    const readAtB = next(b!.chat, 'markers', 'read');
    a!.chat.sendReadStatus({ messageId: 'm1', userId: 200001, dialogId: 'd1' });
    await readAtB;
    const heardAtB: unknown[] = [];
    b!.chat.markers.on('read', (read) => heardAtB.push(read));
    const c = createTab(bus!, locks!, 'c');
    tabs.push(c);
    const readAtC = next(c.chat, 'markers', 'read');
    await c.chat.connect(CREDENTIALS);
    expect(await readAtC).toEqual({ messageId: 'm1', dialogId: 'd1', userId: 100001, carbon: 'sent' });
    // B hears only what was addressed to it (a hello of its own answered after the read: the
    // store counts a read once, chat-store-conversations.ts), none of C's.
    const to = (tab: string) => bus!.posted.filter((m) => m.kind === 'event' && m.to === tab);
    expect(to('c')).toHaveLength(1);
    expect(heardAtB).toHaveLength(to('b').length);
  });

  it('answers a follower’s requests, its errors with their class', async () => {
    const [a, b] = await browser('a', 'b');
    const asked = a!.mock.catchOutgoing((e) => e.child('blocklist', 'urn:xmpp:blocking') !== undefined);
    const list = b!.chat.blocking.list();
    a!.mock.reply(
      await asked,
      xml('blocklist', { xmlns: 'urn:xmpp:blocking' }, xml('item', { jid: MEMBER })),
    );
    expect(await list).toEqual([200001]);

    const get = a!.mock.catchOutgoing((e) => e.child('query', 'jabber:iq:privacy') !== undefined);
    const missing = b!.chat.privacy.getList('blockedusers');
    const iq = await get;
    a!.mock.mockInput(
      `<iq type="error" id="${iq.attrs.id}"><error type="cancel"><item-not-found xmlns="urn:ietf:params:xml:ns:xmpp-stanzas"/></error></iq>`,
    );
    const error = await missing.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(StanzaError);
    expect((error as StanzaError).condition).toBe('item-not-found');
  });

  it('reflects a call signal sent in one tab to the others (a ring answered there stops ringing here)', async () => {
    const [a, b, c] = await browser('a', 'b', 'c');
    const ring = [
      next(a!.chat, 'systemMessages', 'moduleMessage'),
      next(b!.chat, 'systemMessages', 'moduleMessage'),
      next(c!.chat, 'systemMessages', 'moduleMessage'),
    ];
    a!.mock.mockInput(
      `<message type="headline" from="${MEMBER}/app" id="h1"><extraParams xmlns="jabber:client"><moduleIdentifier>WebRTCVideoChat</moduleIdentifier><signalType>call</signalType><sessionID>s1</sessionID></extraParams></message>`,
    );
    for (const heard of await Promise.all(ring))
      expect(heard.extension).toMatchObject({ signalType: 'call' });

    const answeredA = next(a!.chat, 'systemMessages', 'moduleMessageSent');
    const answeredB = next(b!.chat, 'systemMessages', 'moduleMessageSent');
    c!.chat.sendModuleMessage(200001, 'WebRTCVideoChat', {
      extension: {
        signalType: 'accept',
        sessionID: 's1',
        opponentsIDs: new ExtraList('opponentID', [200001]),
      },
    });
    for (const sent of await Promise.all([answeredA, answeredB])) {
      expect(sent).toMatchObject({
        recipientId: 200001,
        userId: 100001,
        moduleIdentifier: 'WebRTCVideoChat',
      });
      expect(sent.extension).toMatchObject({ signalType: 'accept', sessionID: 's1' });
      expect(sent.extraParams).toBeInstanceOf(XmlElement);
      expect(sent.extraParams.child('opponentsIDs')?.childText('opponentID')).toBe('200001');
    }
  });

  it('relays the stanzas a follower’s console watches only while it watches', async () => {
    const [a, b] = await browser('a', 'b');
    const seen: string[] = [];
    const stop = b!.chat.traffic.on('stanza', ({ direction, element }) => {
      expect(element).toBeInstanceOf(XmlElement);
      seen.push(`${direction}:${element.attrs.id}`);
    });
    // A request after the observe one: once answered, the holder has read both, in order.
    await b!.chat.roster.get();
    const first = next(b!.chat, 'traffic', 'stanza');
    a!.mock.mockInput(`<message type="chat" from="${MEMBER}/app" id="t1"><body>x</body></message>`);
    await first;
    expect(seen).toContain('in:t1');
    stop();
    await b!.chat.roster.get();
    const relayed = seen.length;
    a!.mock.mockInput(`<message type="chat" from="${MEMBER}/app" id="t2"><body>y</body></message>`);
    await b!.chat.roster.get();
    expect(seen).toHaveLength(relayed);
  });
});

describe('failover', () => {
  it('a holder that closes hands the connection to the tab that waited longest; its users see a drop and a reconnect', async () => {
    const [a, b, c] = await browser('a', 'b', 'c');
    const downB = next(b!.chat, 'session', 'disconnected');
    const backB = next(b!.chat, 'client', 'reconnect');
    const backC = next(c!.chat, 'client', 'reconnect');
    await a!.chat.disconnect();
    expect(a!.mock.current?.closed).toBe(true);
    expect(await downB).toMatchObject({ intentional: false, willReconnect: true });
    await Promise.all([backB, backC]);
    expect(b!.chat.role).toBe('holding');
    expect(c!.chat.role).toBe('following');
    expect(b!.mock.connections).toHaveLength(1);
    expect(c!.mock.connections).toHaveLength(0);
    expect(c!.chat.isConnected).toBe(true);
  });

  it('a holder that crashes is replaced, and what the others sent into the gap goes out once through the new holder', async () => {
    const [a, b, c] = await browser('a', 'b', 'c');
    const backB = next(b!.chat, 'client', 'reconnect');
    const backC = next(c!.chat, 'client', 'reconnect');
    const cameFromC = b!.mock.catchOutgoing((e) => e.childText('body') === 'c into the gap');
    a!.crash();
    // Neither follower knows yet: both still count the connection as up.
    const fromB = b!.chat.send(200001, { body: 'b into the gap' });
    const fromC = c!.chat.send(200001, { body: 'c into the gap' });
    await Promise.all([backB, backC]);
    expect(b!.chat.role).toBe('holding');
    expect(sentWith(a!, fromB)).toHaveLength(0);
    expect(sentWith(b!, fromB)).toHaveLength(1);
    expect((await cameFromC).attrs.id).toBe(fromC);
    expect(sentWith(b!, fromC)).toHaveLength(1);
  });

  it('refuses sends while no tab holds the connection, as the client does offline', async () => {
    const [a, b] = await browser('a', 'b');
    const down = next(b!.chat, 'session', 'disconnected');
    const notConnected = next(b!.chat, 'client', 'chatNotConnected');
    const back = next(b!.chat, 'client', 'reconnect');
    void a!.chat.disconnect();
    await down;
    expect(b!.chat.isConnected).toBe(false);
    expect(() => b!.chat.send(200001, { body: 'late' })).toThrow(ChatNotConnectedError);
    expect(await notConnected).toBeInstanceOf(ChatNotConnectedError);
    await back;
    expect(b!.chat.isConnected).toBe(true);
  });

  it('a suspended holder (back/forward cache, frozen) lets the connection go and follows when it is back', async () => {
    const [a, b] = await browser('a', 'b');
    const downA = next(a!.chat, 'session', 'disconnected');
    const backB = next(b!.chat, 'client', 'reconnect');
    a!.chat.suspend();
    expect(await downA).toMatchObject({ intentional: false, willReconnect: true });
    await backB;
    expect(b!.chat.role).toBe('holding');
    const backA = next(a!.chat, 'client', 'reconnect');
    a!.chat.resume();
    await backA;
    expect(a!.chat.role).toBe('following');
    expect(a!.chat.isConnected).toBe(true);
    expect(a!.mock.connections).toHaveLength(1);
  });

  it('rejoins the rooms the last holder was in', async () => {
    const [a, b] = await browser('a', 'b');
    const join = a!.mock.catchOutgoing(
      (e) => e.name === 'presence' && (e.attrs.to ?? '').startsWith('1001_r1@'),
    );
    const joined = b!.chat.muc.join('r1');
    const presence = await join;
    a!.mock.mockInput(
      `<presence from="${presence.attrs.to}" id="${presence.attrs.id ?? ''}"><x xmlns="http://jabber.org/protocol/muc#user"><item affiliation="member" role="participant"/><status code="110"/></x></presence>`,
    );
    await joined;
    expect(b!.chat.joinedRooms).toEqual(['1001_r1@muc.localhost']);
    const rejoin = b!.mock.catchOutgoing(
      (e) => e.name === 'presence' && (e.attrs.to ?? '').startsWith('1001_r1@'),
    );
    await a!.chat.disconnect();
    expect((await rejoin).attrs.to).toMatch(/^1001_r1@muc\.localhost\//);
  });
});

describe('what crosses between tabs', () => {
  it('keeps stanzas, extension lists and the chat stack’s errors with their class', () => {
    const stanza = xml('message', { id: 'x' }, xml('body', {}, 'hi'));
    const error = new StanzaError({
      condition: 'conflict',
      type: 'cancel',
      text: 'busy',
      code: 409,
      id: 'q',
    });
    const sent = structuredClone(
      encodeValue({
        stanza,
        error,
        list: new ExtraList('opponentID', [1, 2]),
        gone: new ChatNotConnectedError(),
      }),
    );
    const back = decodeValue(sent) as Record<string, unknown>;
    expect(back.stanza).toBeInstanceOf(XmlElement);
    expect(String(back.stanza)).toBe(stanza.toString());
    expect(back.error).toBeInstanceOf(StanzaError);
    expect(back.error).toMatchObject({
      condition: 'conflict',
      type: 'cancel',
      text: 'busy',
      code: 409,
      id: 'q',
    });
    expect(back.list).toBeInstanceOf(ExtraList);
    expect((back.list as ExtraList).items).toEqual([1, 2]);
    expect(back.gone).toBeInstanceOf(ChatNotConnectedError);
  });

  it('moves a tab’s role only as its table allows', () => {
    const machine = createShareRoleMachine();
    expect(() => machine.transition('holding')).toThrow(/idle → holding/);
    machine.transition('following');
    machine.transition('holding');
    expect(() => machine.transition('following')).toThrow(/holding → following/);
    machine.transition('idle');
    expect(machine.role).toBe('idle');
  });
});
