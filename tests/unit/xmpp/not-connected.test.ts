/**
 * Spec §8 "Chat not connected fires a ChatNotConnectedError event" (wire §13.1 'Chat is not
 * connected'): every facade operation that needs the stream, called while offline, hands the
 * caller a ChatNotConnectedError — thrown, rejected or through its callback — and fires it once
 * as `chatNotConnected` (and, as before, `error`).
 */
import { describe, expect, it } from 'vitest';
import { ChatNotConnectedError, createChatClient, type ChatClient, type XmppError } from '../../../src/xmpp';
import { connectedTestClient, createFakeClock, createMockTransport } from '../../../src/xmpp/testing';

const ROOM = '1001_dlg@muc.localhost';
const list = { name: 'blockedusers', items: [{ user_id: 200001, action: 'deny' as const }] };
const marker = { messageId: '0123456789abcdef01234567', userId: 200001, dialogId: 'dlg' };

/** Each operation that needs a connection, and how it reports (sync throw, promise, callback). */
const operations: Array<[string, (c: ChatClient) => unknown]> = [
  ['send', (c) => c.send(200001, { body: 'x' })],
  ['sendSystemMessage', (c) => c.sendSystemMessage(200001, { extension: { a: '1' } })],
  ['sendModuleMessage', (c) => c.sendModuleMessage(200001, 'WebRTCVideoChat', { extension: { a: '1' } })],
  ['sendIsTypingStatus', (c) => c.sendIsTypingStatus(200001)],
  ['sendIsStopTypingStatus', (c) => c.sendIsStopTypingStatus(200001)],
  ['sendDeliveredStatus', (c) => c.sendDeliveredStatus(marker)],
  ['sendReadStatus', (c) => c.sendReadStatus(marker)],
  ['getLastUserActivity', (c) => c.getLastUserActivity(200001)],
  ['ping(cb)', (c) => new Promise((resolve) => c.ping((error) => resolve(Promise.reject(error))))],
  [
    'ping(id, cb)',
    (c) => new Promise((resolve) => c.ping(200001, (error) => resolve(Promise.reject(error)))),
  ],
  ['roster.get', (c) => c.roster.get()],
  ['roster.add', (c) => c.roster.add(200001)],
  ['roster.confirm', (c) => c.roster.confirm(200001)],
  ['roster.reject', (c) => c.roster.reject(200001)],
  ['roster.remove', (c) => c.roster.remove(200001)],
  ['muc.join', (c) => c.muc.join('dlg')],
  ['muc.leave', (c) => c.muc.leave(ROOM)],
  ['muc.listOnlineUsers', (c) => c.muc.listOnlineUsers('dlg')],
  ['muc.kick', (c) => c.muc.kick('dlg', 200001)],
  ['muc.ban', (c) => c.muc.ban('dlg', 200001)],
  ['privacy.create', (c) => c.privacy.create(list)],
  ['privacy.getList', (c) => c.privacy.getList('blockedusers')],
  ['privacy.update', (c) => c.privacy.update(list)],
  ['privacy.getNames', (c) => c.privacy.getNames()],
  ['privacy.delete', (c) => c.privacy.delete('blockedusers')],
  ['privacy.setAsDefault', (c) => c.privacy.setAsDefault('blockedusers')],
  ['privacy.setAsActive', (c) => c.privacy.setAsActive(null)],
  ['blocking.list', (c) => c.blocking.list()],
  ['blocking.block', (c) => c.blocking.block([200001])],
  ['blocking.unblock', (c) => c.blocking.unblock([])],
  ['carbons.enable', (c) => c.carbons.enable()],
  ['carbons.disable', (c) => c.carbons.disable()],
];

/** What the caller got: the thrown or rejected error. */
async function outcome(run: () => unknown): Promise<unknown> {
  try {
    await run();
    return 'resolved';
  } catch (error) {
    return error;
  }
}

function watch(client: ChatClient) {
  const fired: XmppError[] = [];
  const errors: XmppError[] = [];
  client.on('chatNotConnected', (e) => fired.push(e));
  client.on('error', (e) => errors.push(e));
  return { fired, errors };
}

describe('Chat is not connected', () => {
  it.each(operations)('%s before any login: the caller gets it and the event fires once', async (_, run) => {
    const client = createChatClient({
      service: 'ws://chat.test/xmpp-websocket',
      domain: 'localhost',
      appId: 1001,
      scheduler: createFakeClock(),
      transportFactory: createMockTransport().factory,
    });
    const { fired, errors } = watch(client);
    const error = await outcome(() => run(client));
    expect(error).toBeInstanceOf(ChatNotConnectedError);
    expect(error).toMatchObject({
      name: 'ChatNotConnectedError',
      message: 'Chat is not connected',
      code: 422,
    });
    expect(fired).toEqual([error]);
    expect(errors).toEqual([error]);
  });

  it.each(operations)('%s after a sign-out: the same', async (_, run) => {
    const { client } = await connectedTestClient();
    await client.disconnect();
    const { fired } = watch(client);
    const error = await outcome(() => run(client));
    expect(error).toBeInstanceOf(ChatNotConnectedError);
    expect(fired).toEqual([error]);
  });

  it('fires nothing for other failures or while connected', async () => {
    const { client, mock } = await connectedTestClient({ iqTimeoutMs: 1000 });
    const { fired, errors } = watch(client);
    client.send(200001, { body: 'online' });
    const query = mock.catchOutgoing('iq');
    const names = client.privacy.getNames();
    mock.mockInput(
      `<iq type="error" id="${(await query).attrs.id}"><error type="cancel"><item-not-found xmlns="urn:ietf:params:xml:ns:xmpp-stanzas"/></error></iq>`,
    );
    await expect(names).rejects.toMatchObject({ name: 'StanzaError', condition: 'item-not-found' });
    expect(() => client.ping(1, 2 as never)).toThrow('Invalid arguments provided');
    expect(fired).toEqual([]);
    expect(errors).toEqual([]);
  });
});
