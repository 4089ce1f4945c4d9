/** Wire §14: messages out and in, extraParams, carbons, auto delivered receipt, errors, offline sends. */
import { describe, expect, it } from 'vitest';
import {
  ChatNotConnectedError,
  decodeExtraParams,
  encodeExtraParams,
  extraList,
  isObjectId,
  type ChatMessage,
  type MessageErrorEvent,
  type XmppError,
} from '../../../src/xmpp';
import { connectedTestClient, parseXml } from '../../../src/xmpp/testing';

const AVA = '200001-1001@localhost';

describe('extraParams', () => {
  it('encodes nested values, attachments as attributes and lists with item names', () => {
    const element = encodeExtraParams({
      save_to_history: 1,
      dialog_id: 'd1',
      flag: true,
      skipped: null,
      nested: { a: 'x', deeper: { b: 2 } },
      attachments: [{ id: '5', type: 'image', size: 123, url: 'https://x/y?a=1&b=2' }],
      opponentsIDs: extraList('opponentID', [22, 33]),
    });
    expect(element.toString()).toBe(
      '<extraParams xmlns="jabber:client"><save_to_history>1</save_to_history><dialog_id>d1</dialog_id>' +
        '<flag>true</flag><nested><a>x</a><deeper><b>2</b></deeper></nested>' +
        '<attachment id="5" type="image" size="123" url="https://x/y?a=1&amp;b=2"/>' +
        '<opponentsIDs><opponentID>22</opponentID><opponentID>33</opponentID></opponentsIDs></extraParams>',
    );
    expect(() => encodeExtraParams({ '1bad': 'x' })).toThrow(/valid XML element name/);
    expect(() => encodeExtraParams({ list: [1, 2] as never })).toThrow(/extraList/);
  });

  it('decodes nested objects, repeated names as lists, attachments with numeric size, and takes out moduleIdentifier', () => {
    const { extension, moduleIdentifier } = decodeExtraParams(
      parseXml(
        '<extraParams xmlns="jabber:client"><moduleIdentifier>WebRTCVideoChat</moduleIdentifier><dialog_id>d</dialog_id>' +
          '<userInfo><bandwidth>0</bandwidth></userInfo><opponentsIDs><opponentID>1</opponentID><opponentID>2</opponentID></opponentsIDs>' +
          '<attachment id="a" size="12"/><attachment id="b"/></extraParams>',
      ),
    );
    expect(moduleIdentifier).toBe('WebRTCVideoChat');
    expect(extension).toEqual({
      dialog_id: 'd',
      userInfo: { bandwidth: '0' },
      opponentsIDs: { opponentID: ['1', '2'] },
      attachments: [{ id: 'a', size: 12 }, { id: 'b' }],
    });
  });

  it('re-joins text that arrives in parts (spec §9: over 4096 characters)', () => {
    const element = parseXml('<extraParams xmlns="jabber:client"><long>x</long></extraParams>');
    const long = element.child('long')!;
    long.children.length = 0;
    const part = 'a'.repeat(4096);
    long.append(part, part, 'tail');
    expect(decodeExtraParams(element).extension.long).toBe(`${part}${part}tail`);
  });
});

describe('messages', () => {
  it('sends chat messages with a 24-hex id, body, markable and extension, and no from', async () => {
    const { client, mock } = await connectedTestClient();
    const out = mock.catchOutgoing((e) => e.name === 'message');
    const id = client.send(200001, {
      body: 'Hello Ava',
      markable: true,
      extension: { save_to_history: 1, dialog_id: 'dlg' },
    });
    const stanza = await out;
    expect(isObjectId(id)).toBe(true);
    expect(stanza.attrs).toEqual({ to: AVA, type: 'chat', id });
    // The body inherits jabber:client; the server stamps from (RFC 6120 §8.1.2.1).
    expect(stanza.child('body')?.toString()).toBe('<body>Hello Ava</body>');
    expect(stanza.child('markable', 'urn:xmpp:chat-markers:0')).toBeDefined();
    expect(stanza.child('extraParams')?.childText('dialog_id')).toBe('dlg');
    const group = mock.catchOutgoing((e) => e.name === 'message');
    client.send(client.helpers.roomJid('room1'), { body: 'all', id: 'fixed' });
    expect((await group).attrs).toMatchObject({
      type: 'groupchat',
      to: '1001_room1@muc.localhost',
      id: 'fixed',
    });
  });

  it('parses received chat and groupchat messages and skips invitations and subjects', async () => {
    const { client, mock } = await connectedTestClient();
    const got: ChatMessage[] = [];
    client.messages.on('message', (m) => got.push(m));
    mock.mockInput(
      `<message type="chat" id="m1" from="${AVA}/phone" to="100001-1001@localhost"><body>hi</body>` +
        `<extraParams xmlns="jabber:client"><dialog_id>d1</dialog_id></extraParams><delay xmlns="urn:xmpp:delay" stamp="2026-01-01T00:00:00Z"/></message>`,
    );
    mock.mockInput(
      `<message type="groupchat" id="g1" from="1001_r@muc.localhost/200003" to="100001-1001@localhost"><body>to all</body></message>`,
    );
    mock.mockInput(
      `<message type="groupchat" from="1001_r@muc.localhost" to="100001-1001@localhost"><subject>Topic</subject></message>`,
    );
    mock.mockInput(
      `<message from="1001_r@muc.localhost" to="100001-1001@localhost" type="chat"><body>join</body><x xmlns="http://jabber.org/protocol/muc#user"><invite from="${AVA}"/></x></message>`,
    );
    expect(got).toHaveLength(2);
    expect(got[0]).toMatchObject({
      id: 'm1',
      type: 'chat',
      userId: 200001,
      dialogId: 'd1',
      body: 'hi',
      markable: false,
      carbon: null,
      recipientId: null,
      delay: { stamp: '2026-01-01T00:00:00Z', from: null },
    });
    expect(got[1]).toMatchObject({
      id: 'g1',
      type: 'groupchat',
      userId: 200003,
      dialogId: 'r',
      extension: null,
    });
  });

  it('answers markable messages from others with a delivered marker, never our own or carbons', async () => {
    const { client, mock } = await connectedTestClient();
    const marker = mock.catchOutgoing((e) => e.child('received', 'urn:xmpp:chat-markers:0') !== undefined);
    mock.mockInput(
      `<message type="groupchat" id="g2" from="1001_r@muc.localhost/200003"><body>x</body><markable xmlns="urn:xmpp:chat-markers:0"/></message>`,
    );
    const receipt = await marker;
    expect(receipt.attrs).toMatchObject({ type: 'chat', to: '200003-1001@localhost' });
    expect(receipt.child('received')?.attrs.id).toBe('g2');
    expect(receipt.child('extraParams')?.childText('dialog_id')).toBe('r');
    const before = mock.sent.length;
    mock.mockInput(
      `<message type="groupchat" id="g3" from="1001_r@muc.localhost/100001"><body>mine</body><markable xmlns="urn:xmpp:chat-markers:0"/></message>`,
    );
    mock.mockInput(
      `<message type="chat" from="100001-1001@localhost" to="100001-1001@localhost/test"><received xmlns="urn:xmpp:carbons:2"><forwarded xmlns="urn:xmpp:forward:0">` +
        `<message type="chat" id="c1" from="${AVA}/p" to="100001-1001@localhost/other"><body>b</body><markable xmlns="urn:xmpp:chat-markers:0"/></message></forwarded></received></message>`,
    );
    expect(mock.sent.length).toBe(before);
    expect(client.isConnected).toBe(true);
  });

  it('unwraps carbons from our own account only', async () => {
    const { client, mock } = await connectedTestClient();
    const got: ChatMessage[] = [];
    client.messages.on('message', (m) => got.push(m));
    const carbon = (from: string, dir: string) =>
      `<message from="${from}" to="100001-1001@localhost/test"><${dir} xmlns="urn:xmpp:carbons:2"><forwarded xmlns="urn:xmpp:forward:0">` +
      `<message type="chat" id="${dir}-${from}" from="100001-1001@localhost/tablet" to="${AVA}"><body>copy</body></message></forwarded></${dir}></message>`;
    mock.mockInput(carbon('100001-1001@localhost', 'sent'));
    mock.mockInput(carbon(AVA, 'sent'));
    expect(got).toHaveLength(1);
    expect(got[0]).toMatchObject({ carbon: 'sent', userId: 100001, recipientId: 200001, body: 'copy' });
  });

  it('passes bounced messages to the error listener with their id', async () => {
    const { client, mock } = await connectedTestClient();
    const errors: MessageErrorEvent[] = [];
    client.messages.on('error', (e) => errors.push(e));
    mock.mockInput(
      `<message type="error" id="m9" from="${AVA}"><error type="cancel"><service-unavailable xmlns="urn:ietf:params:xml:ns:xmpp-stanzas"/></error></message>`,
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]!.id).toBe('m9');
    expect(errors[0]!.error).toMatchObject({ condition: 'service-unavailable', code: 503 });
  });

  it("refuses to send offline with 'Chat is not connected', thrown and fired", async () => {
    const { client } = await connectedTestClient({ streamManagement: false });
    await client.disconnect();
    const fired: XmppError[] = [];
    client.on('error', (e) => fired.push(e));
    expect(() => client.send(200001, { body: 'x' })).toThrow(ChatNotConnectedError);
    expect(() => client.sendIsTypingStatus(200001)).toThrow('Chat is not connected');
    expect(fired.map((e) => e.message)).toEqual(['Chat is not connected', 'Chat is not connected']);
  });
});
