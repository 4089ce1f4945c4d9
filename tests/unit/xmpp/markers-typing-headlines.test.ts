/** Wire §14.4–14.6: markers one-to-one, typing with expiry, system and module headlines. */
import { describe, expect, it } from 'vitest';
import {
  extraList,
  type MarkerEvent,
  type ModuleMessage,
  type SystemMessage,
  type TypingEvent,
} from '../../../src/xmpp';
import { connectedTestClient } from '../../../src/xmpp/testing';

const AVA = '200001-1001@localhost';

describe('markers', () => {
  it('sends delivered and read markers as chat messages with the dialog', async () => {
    const { client, mock } = await connectedTestClient();
    const out = mock.catchOutgoing((e) => e.child('displayed', 'urn:xmpp:chat-markers:0') !== undefined);
    client.sendReadStatus({ messageId: 'orig', userId: 200001, dialogId: 'd1' });
    const stanza = await out;
    expect(stanza.attrs).toMatchObject({ type: 'chat', to: AVA });
    expect(stanza.attrs.id).toMatch(/^[0-9a-f]{24}$/);
    expect(stanza.toString()).toContain(
      '<displayed xmlns="urn:xmpp:chat-markers:0" id="orig"/><extraParams xmlns="jabber:client"><dialog_id>d1</dialog_id></extraParams>',
    );
  });

  it('fires delivered and read for type chat only, and stops there', async () => {
    const { client, mock } = await connectedTestClient();
    const delivered: MarkerEvent[] = [];
    const read: MarkerEvent[] = [];
    let messages = 0;
    client.markers.on('delivered', (e) => delivered.push(e));
    client.markers.on('read', (e) => read.push(e));
    client.messages.on('message', () => messages++);
    const marker = (type: string, kind: string) =>
      `<message type="${type}" from="${AVA}/p" id="k"><${kind} xmlns="urn:xmpp:chat-markers:0" id="m1"/><extraParams xmlns="jabber:client"><dialog_id>d1</dialog_id></extraParams></message>`;
    mock.mockInput(marker('chat', 'received'));
    mock.mockInput(marker('chat', 'displayed'));
    mock.mockInput(marker('groupchat', 'displayed'));
    expect(delivered).toEqual([{ messageId: 'm1', dialogId: 'd1', userId: 200001, carbon: null }]);
    expect(read).toHaveLength(1);
    // The groupchat one is not a marker; with an extension it is shown as a message.
    expect(messages).toBe(1);
  });
});

describe('typing', () => {
  it('sends composing and paused without id or body', async () => {
    const { client, mock } = await connectedTestClient();
    const out = mock.catchOutgoing('message');
    client.sendIsTypingStatus(200001);
    expect((await out).toString()).toBe(
      `<message to="${AVA}" type="chat"><composing xmlns="http://jabber.org/protocol/chatstates"/></message>`,
    );
    const room = mock.catchOutgoing('message');
    client.sendIsStopTypingStatus('1001_r@muc.localhost');
    expect((await room).attrs.type).toBe('groupchat');
    expect((await room).child('paused')).toBeDefined();
  });

  it('reports typing, expires a stuck composing, and ends it on a message from that user', async () => {
    const { client, mock, scheduler } = await connectedTestClient({ typingExpiryMs: 20_000 });
    const events: TypingEvent[] = [];
    client.chatStates.on('typing', (e) => events.push(e));
    const state = (s: string, from = `${AVA}/p`, type = 'chat') =>
      `<message type="${type}" from="${from}"><${s} xmlns="http://jabber.org/protocol/chatstates"/></message>`;
    mock.mockInput(state('composing'));
    await scheduler.advanceAsync(19_999);
    expect(events).toEqual([{ composing: true, userId: 200001, dialogId: null }]);
    await scheduler.advanceAsync(1);
    expect(events.at(-1)).toEqual({ composing: false, userId: 200001, dialogId: null });
    mock.mockInput(state('composing'));
    mock.mockInput(`<message type="chat" from="${AVA}/p" id="z"><body>done</body></message>`);
    expect(events.at(-1)).toEqual({ composing: false, userId: 200001, dialogId: null });
    const count = events.length;
    await scheduler.advanceAsync(60_000);
    expect(events).toHaveLength(count);
    mock.mockInput(state('composing', '1001_room@muc.localhost/200003', 'groupchat'));
    mock.mockInput(state('composing', '1001_room@muc.localhost/100001', 'groupchat'));
    expect(events.at(-1)).toEqual({ composing: true, userId: 200003, dialogId: 'room' });
    expect(events).toHaveLength(count + 1);
  });
});

describe('headlines', () => {
  it('sends system messages as headlines without from, module identifier first', async () => {
    const { client, mock } = await connectedTestClient();
    const out = mock.catchOutgoing('message');
    const id = client.sendSystemMessage(200001, {
      body: 'Call ended',
      extension: { dialog_id: 'd', duration: 61 },
    });
    expect((await out).toString()).toBe(
      `<message type="headline" id="${id}" to="${AVA}"><body xmlns="jabber:client">Call ended</body>` +
        `<extraParams xmlns="jabber:client"><moduleIdentifier>SystemNotifications</moduleIdentifier><dialog_id>d</dialog_id><duration>61</duration></extraParams></message>`,
    );
  });

  it('carries WebRTC signalling as module messages, flagging delayed ones', async () => {
    const { client, mock } = await connectedTestClient();
    const out = mock.catchOutgoing('message');
    client.sendModuleMessage(200001, 'WebRTCVideoChat', {
      extension: {
        signalType: 'call',
        sessionID: 's1',
        opponentsIDs: extraList('opponentID', [200001]),
        userInfo: { a: 'b' },
      },
    });
    expect((await out).child('extraParams')?.toString()).toContain(
      '<moduleIdentifier>WebRTCVideoChat</moduleIdentifier><signalType>call</signalType><sessionID>s1</sessionID><opponentsIDs><opponentID>200001</opponentID></opponentsIDs>',
    );
    const system: SystemMessage[] = [];
    const modules: ModuleMessage[] = [];
    client.systemMessages.on('systemMessage', (m) => system.push(m));
    client.systemMessages.on('moduleMessage', (m) => modules.push(m));
    mock.mockInput(
      `<message type="headline" id="h1" from="${AVA}"><body>b</body><extraParams xmlns="jabber:client"><moduleIdentifier>SystemNotifications</moduleIdentifier><k>v</k></extraParams></message>`,
    );
    mock.mockInput(
      `<message type="headline" id="h2" from="${AVA}/r"><extraParams xmlns="jabber:client"><moduleIdentifier>WebRTCVideoChat</moduleIdentifier><signalType>accept</signalType></extraParams><delay xmlns="urn:xmpp:delay" stamp="x"/></message>`,
    );
    expect(system).toEqual([{ id: 'h1', userId: 200001, body: 'b', extension: { k: 'v' } }]);
    expect(modules).toHaveLength(1);
    expect(modules[0]).toMatchObject({
      moduleIdentifier: 'WebRTCVideoChat',
      userId: 200001,
      delayed: true,
      extension: { signalType: 'accept' },
    });
    expect(modules[0]!.extraParams.childText('signalType')).toBe('accept');
  });
});
