/**
 * A portal runtime for component tests, in the manner of Medplum's MockClient: the signed-in
 * shell's own composition (src/app/layouts/shell-portal.ts: the real createPortalRuntime and a chat
 * store of its own, with the features' plugins) whose chat and app socket never reach a server,
 * with an outbox kept in memory, and a running chat whose sends are recorded. A screen under test
 * reads it through the same hooks as in the portal; nothing of ours is mocked.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { createTraffic } from '../../src/app/api/traffic';
import { createApiClient } from '../../src/rest';
import {
  PortalRuntimeContext,
  type ChatRuntime,
  type Outgoing,
  type PortalRuntime,
} from '../../src/app/connections';
import { memoryOutboxStore, type OutboxStore } from '../../src/app/connections/chat/outbox-store';
import { ChatStoreContext, type ChatStore } from '../../src/app/features/chat';
import { createShellPortal } from '../../src/app/layouts/shell-portal';

export interface TestRuntime extends PortalRuntime {
  readonly queryClient: QueryClient;
  /** Where the runtime keeps unsent chat messages (in memory). */
  readonly outboxStore: OutboxStore;
  /** The shell's chat store, which its Messages plugin fills and the screens read. */
  readonly chatStore: ChatStore;
  /** What the running chat was given to send, in order (messages and read markers). */
  readonly sent: Outgoing[];
  /** The login succeeded: the chat runs as user `me` and connected. */
  signInChat(me?: number): ChatRuntime;
}

const never = () => new Promise<never>(() => undefined);

export function createTestRuntime(): TestRuntime {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const outboxStore = memoryOutboxStore();
  const { runtime, chatStore } = createShellPortal({
    // The own API over the page's fetch (a test's serveApi answers it); the chat never logs in here.
    api: createApiClient({ getToken: () => 'test-token' }),
    queryClient,
    traffic: createTraffic(),
    outboxStore,
    tabs: () => ({ id: 'test-tab', exclusive: (work) => work(() => false), release: () => undefined }),
    // The transports never load: a test moves the chat's lifecycle itself.
    chatTransport: never,
    appSocketTransport: never,
    console: false,
  });
  const sent: Outgoing[] = [];
  let ids = 0;
  return {
    ...runtime,
    queryClient,
    outboxStore,
    chatStore,
    sent,
    signInChat(me = 100010) {
      const chat = {
        me,
        queryClient,
        chat: {
          isConnected: true,
          contacts: {},
          helpers: {
            newMessageId: () => `6a1f${String(++ids).padStart(20, '0')}`,
            dialogRecipient: () => null,
          },
          on: () => () => undefined,
          sendIsTypingStatus: () => undefined,
          sendIsStopTypingStatus: () => undefined,
        },
        enqueue: (item: Outgoing) => void sent.push(item),
        flushOutbox: () => undefined,
        renew: () => Promise.resolve(),
      } as unknown as ChatRuntime;
      runtime.chat.connecting();
      runtime.chat.loaded(chat);
      return chat;
    },
  };
}

/** Renders `ui` in the signed-in portal's providers, over `runtime`. */
export function renderWithRuntime(
  ui: ReactElement,
  runtime: TestRuntime = createTestRuntime(),
  { path = '/' }: { path?: string } = {},
): ReturnType<typeof render> & { runtime: TestRuntime } {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={runtime.queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <PortalRuntimeContext.Provider value={runtime}>
          <ChatStoreContext.Provider value={runtime.chatStore}>{children}</ChatStoreContext.Provider>
        </PortalRuntimeContext.Provider>
      </MemoryRouter>
    </QueryClientProvider>
  );
  return Object.assign(render(ui, { wrapper }), { runtime });
}
