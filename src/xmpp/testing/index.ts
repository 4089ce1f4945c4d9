/**
 * Test doubles of the chat stack: the mock transport, the shared fake clock, and a client wired to
 * both and logged in (for unit tests of every feature through the real facade).
 */
import { createChatClient } from '../client';
import type { ChatClient, ChatClientOptions } from '../client-types';
import { createFakeClock, flush, type FakeClock } from '../../shared/time/fake-clock';
import { createMockTransport, type MockTransport, type MockTransportOptions } from './mock-transport';

export { createFakeClock, flush, type FakeClock } from '../../shared/time/fake-clock';
export { createMockTransport, type MockTransport, type MockConnection } from './mock-transport';
export { parseXml } from '../xml/parse-xml';

/** A client on the mock transport and a fake clock, connected as `userId`. */
export async function connectedTestClient(
  options: Partial<ChatClientOptions> & { userId?: number; mock?: MockTransportOptions } = {},
): Promise<{ client: ChatClient; mock: MockTransport; scheduler: FakeClock }> {
  const scheduler = createFakeClock();
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
