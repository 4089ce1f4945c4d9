/**
 * Test doubles of the chat stack: the mock transport, the fake scheduler, and a client wired to
 * both and logged in (for unit tests of every feature through the real facade).
 */
import { createChatClient } from '../client';
import type { ChatClient, ChatClientOptions } from '../client-types';
import { createFakeScheduler, flush, type FakeScheduler } from './fake-scheduler';
import { createMockTransport, type MockTransport, type MockTransportOptions } from './mock-transport';

export { createFakeScheduler, flush, type FakeScheduler } from './fake-scheduler';
export { createMockTransport, type MockTransport, type MockConnection } from './mock-transport';
export { parseXml } from '../xml/dom';

/** A client on the mock transport and the fake scheduler, connected as `userId`. */
export async function connectedTestClient(
  options: Partial<ChatClientOptions> & { userId?: number; mock?: MockTransportOptions } = {},
): Promise<{ client: ChatClient; mock: MockTransport; scheduler: FakeScheduler }> {
  const scheduler = createFakeScheduler();
  const mock = createMockTransport(options.mock);
  const client = createChatClient({
    service: 'ws://chat.test/xmpp-websocket',
    domain: 'localhost',
    appId: 1001,
    resource: 'test',
    keepAliveIntervalMs: 0,
    ...options,
    scheduler,
    transportFactory: mock.factory,
  });
  await client.connect({ userId: options.userId ?? 100001, password: 'secret' });
  await flush();
  return { client, mock, scheduler };
}
