/**
 * The signed-in portal's connections (docs/architecture.md §3 "The portal runtime"), as
 * src/xmpp/client.ts is for the chat: one object, free of React, owned by the portal runtime
 * (src/app/runtime/portal-runtime.ts), that owns the chat connection (one per browser, held by
 * one tab: chat/shared-chat.ts), its outbox, the app socket (spec §7), the ring listener of calls
 * and what asks for a call, the traffic seam a console watches, and the session's end: it follows
 * the session's token, and everything stops when the token goes (`start`).
 * React reads its stores through the `useSyncExternalStore` hooks of use-connections.ts; a test
 * hands a component a runtime of its own (tests/component/test-runtime.tsx).
 */
import type { QueryClient } from '@tanstack/react-query';
import { chatApi, chatIdentityApi, type ApiClient } from '../../rest';
import type { Traffic } from '../api/traffic';
import type { ToastStore } from '../components/toast-store';
import type { SessionStore } from '../session';
import {
  createAppSocketConnectionState,
  type AppSocketConnectionState,
  type AppSocketPlugin,
} from './app-socket/app-socket-state';
import { createCallBridge, type CallBridge } from './calls/call-bridge';
import { createChatConnectionState, type ChatConnectionState } from './chat/chat-link';
import {
  indexedDbOutboxStore,
  memoryOutboxStore,
  unsentMessageCount,
  type OutboxStore,
} from './chat/outbox-store';
import { browserTabs, type HeldTabRegistry } from './chat/tab-registry';
import type { ChatAccountCalls, ChatPlugin } from './chat/types';
import type { StartChatOptions } from './chat/chat-connection';
import { startConsoleBridge } from './console-bridge';

/** Starts a connection; the returned function stops it for good. */
type Starter<O> = (options: O) => () => void;

/** What the chat's start is given (chat/chat-connection.ts, loaded on first use: a type only here). */
export type ChatStart = StartChatOptions;

export interface AppSocketStart {
  token: string;
  queryClient: QueryClient;
  state: AppSocketConnectionState;
  plugins: readonly AppSocketPlugin[];
  traffic: Traffic;
}

/** The session whose token the connections live by (src/app/session `SessionStore`). */
export type RuntimeSession = Pick<SessionStore, 'state' | 'onToken'>;

export interface ConnectionsOptions {
  /** The own API (src/rest): the chat's login flow asks it for the chat credentials and account. */
  api: ApiClient;
  /** The signed-in session: while it has a token the app socket runs, and the chat on a page that uses it. */
  session: RuntimeSession;
  /** Server data: the connections keep its caches in step (spec §7 pushes, chat dialogs). */
  queryClient: QueryClient;
  /** The console's seam (api/traffic.ts): the portal root's. */
  traffic: Traffic;
  /** The portal root's toasts: a chat login step that failed is told there (spec §4). */
  toasts: ToastStore;
  /** The features' parts in the chat's life, in order (the ring listener of calls is added here). */
  chatPlugins: readonly ChatPlugin[];
  socketPlugins: readonly AppSocketPlugin[];
  /** Where unsent chat messages are kept across reloads: IndexedDB, or memory without it. */
  outboxStore?: OutboxStore;
  /** This page among the browser's tabs (Web Locks). */
  tabs?: () => HeldTabRegistry;
  /**
   * The chat's transport: how the login flow and the XMPP connection start. By default their
   * code loads on first use, after the shell's first render (chat/chat-connection.ts).
   */
  chatTransport?: () => Promise<Starter<ChatStart>>;
  /** The app socket's start, loaded on first use by default (app-socket/app-socket-connection.ts). */
  appSocketTransport?: () => Promise<Starter<AppSocketStart>>;
  /** The clock call signals wait by. */
  now?: () => number;
  /** Whether the console bridge runs (a page in a browser). */
  console?: boolean;
}

export interface Connections {
  /** The chat session's lifecycle and the running chat (chat/chat-link.ts). */
  readonly chat: ChatConnectionState;
  readonly appSocket: AppSocketConnectionState;
  /** Call signals before the call code loads, and the call a screen asks for. */
  readonly calls: CallBridge;
  readonly traffic: Traffic;
  /**
   * The chat user's messages kept unsent in this browser, and their deletion: an explicit sign-out
   * asks before it deletes them (docs/security.md "Automatic logoff"; automatic logoff keeps them).
   */
  readonly keptOutbox: { unsent(owner: number): Promise<number>; clear(owner: number): Promise<void> };
  /**
   * Whether the page shown uses the chat: the pages of spec §2 that do not (/shareScreen,
   * /question, /verification) close it, and the next page that does opens it again.
   */
  chatOnPage(wanted: boolean): void;
  /**
   * Starts what lives as long as the shell: the console bridge, and the connections for the
   * session's token — the app socket (spec §7) and the chat (spec §4 login flow), opened with a
   * token and all closed when the session ends (its token gone) or another token replaces it.
   * The returned function stops all.
   */
  start(): () => void;
}

/**
 * Starts a connection whose code loads on first use; the returned function stops it, or keeps it
 * from starting if it is still loading. A chunk that fails to load leaves the connection off, as a
 * connection that cannot reach its server.
 */
function startLoaded<O>(load: () => Promise<Starter<O>>, options: () => O): () => void {
  let stop: (() => void) | null = null;
  let cancelled = false;
  load().then(
    (start) => {
      if (!cancelled) stop = start(options());
    },
    (error: unknown) => console.error('A connection could not be loaded', error),
  );
  return () => {
    cancelled = true;
    stop?.();
  };
}

const loadChat = () => import('./chat/chat-connection').then(({ startChat }) => startChat);
const loadAppSocket = () =>
  import('./app-socket/app-socket-connection').then(({ startAppSocket }) => startAppSocket);

export function createConnections(options: ConnectionsOptions): Connections {
  const {
    queryClient,
    traffic,
    chatTransport = loadChat,
    appSocketTransport = loadAppSocket,
    tabs: makeTabs = browserTabs,
  } = options;
  const calls = createCallBridge(options.now);
  const identity = chatIdentityApi(options.api);
  const chatAccount: ChatAccountCalls = {
    // A quiet renewal (chat/link-events.ts) is quiet but for the portal session's end (spec §8:
    // signed in elsewhere, signed out), which the portal's policy ends now, with its reason: the
    // chat cannot come back, and its banner must not promise to send what she writes.
    credentials: (extra) =>
      identity.credentials(extra?.quiet ? { quiet: (error) => !error.isTokenError } : extra),
    account: () => chatApi(options.api).account(),
  };
  const chatPlugins = [...options.chatPlugins, calls.ringPlugin];
  let outboxStore = options.outboxStore ?? null;
  const store = () =>
    (outboxStore ??=
      typeof indexedDB === 'undefined' ? memoryOutboxStore() : indexedDbOutboxStore(indexedDB));
  let tabs: HeldTabRegistry | null = null;
  const chat = createChatConnectionState();
  const appSocket = createAppSocketConnectionState();

  const openAppSocket = (token: string) =>
    startLoaded(appSocketTransport, () => ({
      token,
      queryClient,
      state: appSocket,
      plugins: options.socketPlugins,
      traffic,
    }));
  const openChat = () =>
    startLoaded(chatTransport, () => ({
      queryClient,
      calls: chatAccount,
      state: chat,
      plugins: chatPlugins,
      traffic,
      say: (text: string) => options.toasts.show(text),
      outboxStore: store(),
      tabs: (tabs ??= makeTabs()),
    }));

  /** The connections of the token they were opened for; the chat's only on a page that uses it. */
  let open: { token: string; closeSocket(): void; closeChat: (() => void) | null } | null = null;
  let chatWanted = true;
  const closeAll = () => {
    open?.closeChat?.();
    open?.closeSocket();
    open = null;
  };
  /** The session's token now: a new one closes the old one's connections and opens its own. */
  const follow = (token: string | null) => {
    if (open?.token === token) return;
    closeAll();
    if (token) open = { token, closeSocket: openAppSocket(token), closeChat: chatWanted ? openChat() : null };
  };

  return {
    chat,
    appSocket,
    calls,
    traffic,
    keptOutbox: {
      unsent: (owner) => unsentMessageCount(store(), owner),
      clear: (owner) => store().clear(owner),
    },
    chatOnPage(wanted) {
      chatWanted = wanted;
      if (!open) return;
      if (wanted) open.closeChat ??= openChat();
      else {
        open.closeChat?.();
        open.closeChat = null;
      }
    },
    start() {
      // A protocol console in another tab may watch this one (docs/console.md).
      const stopConsole = options.console === false ? () => undefined : startConsoleBridge(traffic);
      const unwatch = options.session.onToken(follow);
      follow(options.session.state.token);
      return () => {
        unwatch();
        closeAll();
        stopConsole();
        tabs?.release();
        tabs = null;
      };
    },
  };
}
