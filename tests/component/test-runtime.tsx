/**
 * A portal runtime for component tests, in the manner of Medplum's MockClient: the signed-in
 * shell's own composition (src/app/runtime/portal-runtime.ts: the real createPortalRuntime, its
 * connections, chat store and red dots, with the features' plugins) whose chat and app socket never reach a server,
 * with an outbox kept in memory, and a running chat whose sends are recorded. A screen under test
 * reads it through the same hooks as in the portal; nothing of ours is mocked.
 */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { createPortalApi, type PortalApi } from '../../src/app/api/api-client';
import { ConnectionsContext, type ChatRuntime, type Outgoing } from '../../src/app/connections';
import { createChatOutbox, type OutboxChat } from '../../src/app/connections/chat/chat-outbox';
import { memoryOutboxStore, type OutboxStore } from '../../src/app/connections/chat/outbox-store';
import { ChatStoreContext } from '../../src/app/features/chat';
import { wireOutgoing } from '../../src/app/features/chat/outgoing';
import { RedDotContext } from '../../src/app/features/notifications';
import { createPortalRuntime, type PortalRuntime } from '../../src/app/runtime';
import { memoryDraftStore } from '../../src/app/session/draft-store';
import { createPortalRoot, PortalRootContext, type PortalRoot } from '../../src/app/root';
import type { DialogDescriptor, DialogMessage, MarkerParams } from '../../src/xmpp';

export interface TestRuntime extends PortalRuntime {
  /** The page's root the runtime was made from (its toasts, session, drafts). */
  readonly root: PortalRoot;
  readonly queryClient: QueryClient;
  /** Where the runtime keeps unsent chat messages (in memory). */
  readonly outboxStore: OutboxStore;
  /** What the running chat was given to send, in order (messages and read markers). */
  readonly sent: Outgoing[];
  /** The login succeeded: the chat runs as user `me` and connected. */
  signInChat(me?: number): ChatRuntime;
}

const never = () => new Promise<never>(() => undefined);

/**
 * A portal root for a test: navigation goes nowhere, toasts stay until dismissed, drafts in memory,
 * and with it its own-API client (over the page's fetch, which a test's serveApi answers), made at
 * once (`makeApi`) so a screen reads it without suspending.
 */
export function testRootWithApi(): { root: PortalRoot; api: PortalApi } {
  let api: PortalApi | undefined;
  const root = createPortalRoot({
    navigation: { toLogin: () => undefined, leaveReport: () => undefined },
    later: () => undefined,
    draftStore: memoryDraftStore,
    makeApi: (ports) => (api = createPortalApi(ports)),
  });
  void root.api();
  return { root, api: api! };
}

/** A test's portal root (testRootWithApi). */
export function testPortalRoot(): PortalRoot {
  return testRootWithApi().root;
}

export function createTestRuntime(): TestRuntime {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const outboxStore = memoryOutboxStore();
  const { root, api } = testRootWithApi();
  const runtime = createPortalRuntime({
    // The chat never logs in here.
    api,
    session: root.session,
    queryClient,
    traffic: root.traffic,
    toasts: root.toasts,
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
    root,
    queryClient,
    outboxStore,
    sent,
    signInChat(me = 100010) {
      // The connection's own outbox, over the memory store, on a chat whose wire is the `sent`
      // list; the conversation shows what it holds, as the Messages plugin wires it.
      const client = {
        isConnected: true,
        transport: 'websocket',
        session: { on: () => () => undefined },
        messages: {
          on: () => () => undefined,
          sendToDialog: (dialog: DialogDescriptor, message: DialogMessage & { id: string }) => {
            sent.push({ kind: 'message', dialog, message });
            return message.id;
          },
        },
        sendReadStatus: ({ messageId, userId, dialogId }: MarkerParams) => {
          sent.push({ kind: 'read', messageId, userId: Number(userId), dialogId: dialogId! });
          return messageId;
        },
      } as unknown as OutboxChat;
      const outbox = createChatOutbox({
        store: outboxStore,
        owner: me,
        tab: 'test-tab',
        chat: client,
        now: Date.now,
      });
      const chat = {
        me,
        queryClient,
        chat: {
          ...client,
          contacts: {},
          helpers: {
            newMessageId: () => `6a1f${String(++ids).padStart(20, '0')}`,
            dialogRecipient: () => null,
          },
          on: () => () => undefined,
          sendIsTypingStatus: () => undefined,
          sendIsStopTypingStatus: () => undefined,
        },
        outbox,
        renew: () => Promise.resolve(),
      } as unknown as ChatRuntime;
      wireOutgoing(runtime.chatStore, chat);
      runtime.chat.connecting();
      runtime.chat.loaded(chat);
      return chat;
    },
  };
}

/** The signed-in portal's providers over `runtime`: its root, server data, runtime and chat store. */
export function RuntimeProviders({ runtime, children }: { runtime: TestRuntime; children: ReactNode }) {
  return (
    <PortalRootContext.Provider value={runtime.root}>
      <QueryClientProvider client={runtime.queryClient}>
        <ConnectionsContext.Provider value={runtime}>
          <ChatStoreContext.Provider value={runtime.chatStore}>
            <RedDotContext.Provider value={runtime.redDots}>{children}</RedDotContext.Provider>
          </ChatStoreContext.Provider>
        </ConnectionsContext.Provider>
      </QueryClientProvider>
    </PortalRootContext.Provider>
  );
}

/** Renders `ui` in the signed-in portal's providers, over `runtime`, at `path`. */
export function renderWithRuntime(
  ui: ReactElement,
  runtime: TestRuntime = createTestRuntime(),
  { path = '/' }: { path?: string } = {},
): ReturnType<typeof render> & { runtime: TestRuntime } {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <MemoryRouter initialEntries={[path]}>
      <RuntimeProviders runtime={runtime}>{children}</RuntimeProviders>
    </MemoryRouter>
  );
  return Object.assign(render(ui, { wrapper }), { runtime });
}
