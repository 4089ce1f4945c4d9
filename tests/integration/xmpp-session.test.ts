/**
 * src/xmpp logs in to the real Prosody over both transports (spec §4 states, spec §8 errors):
 * a provider with the getInfo chat password over WebSocket, a member over BOSH, refusals with
 * 401 Status.AUTHFAIL (also raised to reconnectFailed), the REJECT rule, contacts on a second
 * connect, 'Chat is not connected'.
 */
import { afterAll, describe, expect, inject, it } from 'vitest';
import { member, provider } from '../../fixtures';
import {
  ChatNotConnectedError,
  createChatClient,
  STATUS_AUTHFAIL,
  STATUS_REJECT,
  type ChatClient,
  type ConnectionState,
} from '../../src/xmpp';
import { boshUrl, providerChatPassword, wsUrl } from '../support/chat-harness';

const stack = inject('stack');
const clients: ChatClient[] = [];
const make = (service: string) => {
  const client = createChatClient({ service, domain: stack.chatDomain, appId: stack.appId });
  clients.push(client);
  return client;
};

afterAll(async () => {
  await Promise.all(clients.map((c) => c.disconnect()));
});

describe.each([
  ['websocket', () => wsUrl(stack)],
  ['bosh', () => boshUrl(stack)],
] as const)('our client over %s', (transport, service) => {
  it('logs a provider in with the getInfo chat password, through the spec §4 states', async () => {
    const key = transport === 'websocket' ? 'amelia' : 'bruno';
    const { chatId, password } = await providerChatPassword(stack, key);
    const client = make(service());
    const states: ConnectionState[] = [];
    client.session.on('state', (s) => states.push(s));
    const contacts = await client.connect({ userId: chatId, password });
    expect(client.transport).toBe(transport);
    expect(states).toEqual(['connecting', 'authenticating', 'connected']);
    expect(client.isConnected).toBe(true);
    expect(client.jid.startsWith(`${provider(key).jid}/`)).toBe(true);
    // The contacts are the server's roster (other files may have subscribed this persona).
    expect(contacts).toEqual(await client.roster.get());
    // Connecting while connected returns the current contacts (spec §4).
    expect(await client.connect({ userId: chatId, password })).toEqual(contacts);
    await client.disconnect();
    expect(states.slice(-2)).toEqual(['disconnecting', 'disconnected']);
    expect(() => client.send(member('ava').chatId, { body: 'x' })).toThrow(ChatNotConnectedError);
  });

  it('refuses a wrong password with 401 Status.AUTHFAIL, also raised to reconnectFailed', async () => {
    const client = make(service());
    const states: ConnectionState[] = [];
    client.session.on('state', (s) => states.push(s));
    const raised: unknown[] = [];
    client.session.on('reconnectFailed', (e) => raised.push(e));
    const refused = await client
      .connect({ userId: member('clara').chatId, password: 'wrong' })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({ name: 'SaslError', code: 401, message: STATUS_AUTHFAIL });
    expect(raised).toEqual([refused]);
    expect(client.userId).toBeNull();
    expect(states).toEqual(['connecting', 'authenticating', 'auth failed', 'disconnecting', 'disconnected']);
  });

  it('rejects a second connect while the first is running (422 Status.REJECT)', async () => {
    const client = make(service());
    const ava = member(transport === 'websocket' ? 'ava' : 'bianca');
    const first = client.connect({ userId: ava.chatId, password: ava.chatPassword });
    await expect(client.connect({ userId: ava.chatId, password: ava.chatPassword })).rejects.toMatchObject({
      code: 422,
      message: STATUS_REJECT,
    });
    await first;
    expect(client.isConnected).toBe(true);
    await client.disconnect();
  });
});
