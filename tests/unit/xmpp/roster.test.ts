/** Spec §4 contact subscription transitions and wire §16. */
import { describe, expect, it } from 'vitest';
import { createChatClient } from '../../../src/xmpp';
import {
  connectedTestClient,
  createFakeClock,
  createMockTransport,
  parseXml,
} from '../../../src/xmpp/testing';
import type { XmlElement } from '../../../src/xmpp/xml/element';

const AVA = '200001-1001@localhost';
const presence = (type?: string) =>
  `<presence from="${AVA}/p" to="100001-1001@localhost"${type ? ` type="${type}"` : ''}/>`;
const sentPresences = (sent: XmlElement[], from: number) =>
  sent
    .slice(from)
    .filter((e) => e.name === 'presence')
    .map((e) => `${e.attrs.type}>${e.attrs.to}`);

describe('roster', () => {
  it('loads the roster on connect and returns it again when connecting while connected', async () => {
    const scheduler = createFakeClock();
    const mock = createMockTransport({ autoRespond: false, streamManagement: false });
    const client = createChatClient({
      service: 'ws://chat.test/xmpp-websocket',
      domain: 'localhost',
      appId: 1001,
      scheduler,
      transportFactory: mock.factory,
    });
    const get = mock.catchOutgoing(
      (e) => e.attrs.type === 'get' && e.child('query', 'jabber:iq:roster') !== undefined,
    );
    const connecting = client.connect({ userId: 100001, token: 'session-token' });
    const iq = await get;
    expect(iq.attrs.id).toMatch(/:getRoster$/);
    expect(iq.attrs.to).toBeUndefined();
    expect(mock.current?.password).toBe('session-token');
    mock.reply(
      iq,
      parseXml(
        `<query xmlns="jabber:iq:roster"><item jid="${AVA}" subscription="both"/><item jid="200002-1001@localhost" subscription="none" ask="subscribe"/></query>`,
      ),
    );
    const contacts = await connecting;
    expect(contacts).toEqual({
      200001: { subscription: 'both', ask: null },
      200002: { subscription: 'none', ask: 'subscribe' },
    });
    // wire §13.2: the roster first, then the initial presence.
    const order = mock.sent.map((e) => e.name + (e.child('query') ? ':roster' : ''));
    expect(order.indexOf('presence')).toBeGreaterThan(order.indexOf('iq:roster'));
    expect(await client.connect({ userId: 100001, password: 'x' })).toEqual(contacts);
    expect(mock.connections).toHaveLength(1);
  });

  it('adds, confirms and rejects with the spec transitions and presences', async () => {
    const { client, mock } = await connectedTestClient();
    let mark = mock.sent.length;
    client.roster.add(200001);
    expect(client.contacts[200001]).toEqual({ subscription: 'none', ask: 'subscribe' });
    expect(sentPresences(mock.sent, mark)).toEqual([`subscribe>${AVA}`]);
    mark = mock.sent.length;
    client.roster.confirm(200002);
    expect(client.contacts[200002]).toEqual({ subscription: 'from', ask: 'subscribe' });
    expect(sentPresences(mock.sent, mark)).toEqual([
      'subscribed>200002-1001@localhost',
      'subscribe>200002-1001@localhost',
    ]);
    mark = mock.sent.length;
    client.roster.reject(200003);
    expect(client.contacts[200003]).toEqual({ subscription: 'none', ask: null });
    expect(sentPresences(mock.sent, mark)).toEqual(['unsubscribed>200003-1001@localhost']);
  });

  it('follows incoming subscribe, subscribed, unsubscribe and unsubscribed', async () => {
    const { client, mock } = await connectedTestClient();
    const events: string[] = [];
    client.roster.on('subscribe', (e) => events.push(`subscribe ${e.userId}`));
    client.roster.on('confirmSubscribe', (e) => events.push(`confirm ${e.userId}`));
    client.roster.on('rejectSubscribe', (e) => events.push(`reject ${e.userId}`));
    client.roster.on('presence', (e) => events.push(`presence ${e.userId} ${e.available}`));

    mock.mockInput(presence('subscribe'));
    expect(events).toEqual(['subscribe 200001']);

    client.roster.add(200001);
    mock.mockInput(presence('subscribed'));
    expect(client.contacts[200001]).toEqual({ subscription: 'to', ask: null });
    expect(events.at(-1)).toBe('confirm 200001');

    // Already seeing them (to): their subscribe is accepted automatically, both ways.
    const mark = mock.sent.length;
    mock.mockInput(presence('subscribe'));
    expect(client.contacts[200001]).toEqual({ subscription: 'both', ask: null });
    expect(sentPresences(mock.sent, mark)).toEqual([`subscribed>${AVA}`]);

    mock.mockInput(presence());
    mock.mockInput(presence('unavailable'));
    expect(events.slice(-2)).toEqual(['presence 200001 true', 'presence 200001 false']);

    mock.mockInput(presence('unsubscribe'));
    expect(client.contacts[200001]?.subscription).toBe('to');
    mock.mockInput(presence('unsubscribed'));
    expect(client.contacts[200001]?.subscription).toBe('none');
    expect(events.at(-1)).toBe('reject 200001');
    mock.mockInput(presence());
    expect(events.at(-1)).toBe('reject 200001');

    // subscribed while `from` → both, without asking the app.
    client.roster.confirm(200002);
    mock.mockInput(`<presence from="200002-1001@localhost" type="subscribed"/>`);
    expect(client.contacts[200002]).toEqual({ subscription: 'both', ask: null });
    expect(events.at(-1)).toBe('reject 200001');
  });

  it('removes contacts and applies acknowledged roster pushes', async () => {
    const { client, mock } = await connectedTestClient();
    client.roster.add(200001);
    const remove = mock.catchOutgoing((e) => e.name === 'iq' && e.attrs.type === 'set');
    const removed = client.roster.remove(200001);
    const iq = await remove;
    expect(iq.toString()).toContain(`<item jid="${AVA}" subscription="remove"/>`);
    mock.reply(iq);
    await removed;
    expect(client.contacts[200001]).toBeUndefined();
    const ack = mock.catchOutgoing((e) => e.name === 'iq' && e.attrs.id === 'push1');
    mock.mockInput(
      `<iq type="set" id="push1"><query xmlns="jabber:iq:roster"><item jid="200005-1001@localhost" subscription="from"/></query></iq>`,
    );
    expect((await ack).attrs.type).toBe('result');
    expect(client.contacts[200005]).toEqual({ subscription: 'from', ask: null });
  });
});
