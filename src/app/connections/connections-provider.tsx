/**
 * The connections of the signed-in area in one place (docs/architecture.md §2): the app socket (spec §7) and the
 * chat (spec §4 login flow), started by the signed-in shell while there is a session token and
 * read by any feature through the hooks of use-connections.ts — no feature imports another to
 * reach a connection. The features that keep state in step with a connection hand their plugins
 * to the shell, which passes them here. `chat` is false on the pages of spec §2 that do not use
 * it (/shareScreen, /question, /verification): the chat closes there.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { traffic } from '../api/traffic';
import { createAppSocketConnectionState, type AppSocketPlugin } from './app-socket/app-socket-state';
import { createChatConnectionState } from './chat/chat-link';
import type { ChatPlugin } from './chat/types';
import { ConnectionsContext, type Connections } from './connections-context';
import {
  indexedDbOutboxStore,
  memoryOutboxStore,
  unsentMessageCount,
  type OutboxStore,
} from './chat/outbox-store';
import { browserTabs } from './chat/tab-registry';
import { startConsoleBridge } from './console-bridge';

export interface ConnectionsProviderProps {
  token: string | null;
  /** Whether the chat runs on this page. */
  chat: boolean;
  /** Module constants (a new array restarts the connection). */
  chatPlugins: readonly ChatPlugin[];
  socketPlugins: readonly AppSocketPlugin[];
  children: ReactNode;
}

let outboxStore: OutboxStore | null = null;
let tabs: ReturnType<typeof browserTabs> | null = null;

/** One outbox store per page: IndexedDB, or memory where the browser has none. */
function browserOutboxStore(): OutboxStore {
  outboxStore ??= typeof indexedDB === 'undefined' ? memoryOutboxStore() : indexedDbOutboxStore(indexedDB);
  return outboxStore;
}

/**
 * The chat user's messages kept unsent in this browser, and their deletion: an explicit sign-out
 * asks before it deletes them (docs/security.md "Automatic logoff"; automatic logoff keeps them).
 */
export const keptChatOutbox = {
  unsent: (owner: number) => unsentMessageCount(browserOutboxStore(), owner),
  clear: (owner: number) => browserOutboxStore().clear(owner),
};

/**
 * Starts a connection whose code loads on first use, after the shell's first render; the returned
 * function stops it, or keeps it from starting if it is still loading. A chunk that fails to load
 * leaves the connection off, as a connection that cannot reach its server. A connection's toasts
 * (a failed chat login step, spec §8) are written in the shell's namespaces, which the shell's
 * route has loaded before it renders (src/app/i18n `withNamespaces`).
 */
function startLoaded(load: () => Promise<() => () => void>): () => void {
  let stop: (() => void) | null = null;
  let cancelled = false;
  load().then(
    (start) => {
      if (!cancelled) stop = start();
    },
    (error: unknown) => console.error('A connection could not be loaded', error),
  );
  return () => {
    cancelled = true;
    stop?.();
  };
}

/** This page among the browser's tabs, for as long as it lives. */
function thisTab(): ReturnType<typeof browserTabs> {
  tabs ??= browserTabs();
  return tabs;
}

export function ConnectionsProvider({
  token,
  chat,
  chatPlugins,
  socketPlugins,
  children,
}: ConnectionsProviderProps) {
  const queryClient = useQueryClient();
  const [connections] = useState<Connections>(() => ({
    chat: createChatConnectionState(),
    appSocket: createAppSocketConnectionState(),
    traffic,
  }));

  // A protocol console in another tab may watch this one (docs/console.md).
  useEffect(() => startConsoleBridge(connections.traffic), [connections]);

  useEffect(() => {
    if (!token) return;
    return startLoaded(() =>
      import('./app-socket/app-socket-connection').then(
        ({ startAppSocket }) =>
          () =>
            startAppSocket({
              token,
              queryClient,
              state: connections.appSocket,
              plugins: socketPlugins,
              traffic: connections.traffic,
            }),
      ),
    );
  }, [token, queryClient, connections, socketPlugins]);

  useEffect(() => {
    if (!token || !chat) return;
    return startLoaded(() =>
      import('./chat/chat-connection').then(
        ({ startChat }) =>
          () =>
            startChat({
              queryClient,
              state: connections.chat,
              plugins: chatPlugins,
              traffic: connections.traffic,
              outboxStore: browserOutboxStore(),
              tabs: thisTab(),
            }),
      ),
    );
  }, [token, chat, queryClient, connections, chatPlugins]);

  return <ConnectionsContext.Provider value={connections}>{children}</ConnectionsContext.Provider>;
}
