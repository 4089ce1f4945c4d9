/**
 * How features read the portal runtime (docs/architecture.md §3 "The portal runtime"): the running
 * chat, its link as the user is told about it, the app socket, calls asked for and rung, and the
 * traffic of every connection for a console — each through `useSyncExternalStore`.
 */
import { useSyncExternalStore } from 'react';
import type { AppSocket, AppSocketState } from '../../socket';
import type { Traffic } from '../api/traffic';
import type { AppSocketSnapshot } from './app-socket/app-socket-state';
import type { CallBridge, CallBridgeSnapshot } from './calls/call-bridge';
import type { ChatLinkSnapshot } from './chat/chat-link';
import type { ChatLink } from './chat/chat-link';
import type { ChatRuntime } from './chat/types';
import type { Connections } from './connections';
import { useConnections } from './connections-context';

interface Readable<T> {
  get(): T;
  subscribe(listener: () => void): () => void;
}

const useStore = <T>(store: Readable<T>): T => useSyncExternalStore(store.subscribe, store.get, store.get);

const useChatSnapshot = (): ChatLinkSnapshot => useStore(useConnections().chat);

/** The running chat (client, chat-service REST, outbox), or null before the login and after sign-out. */
export function useChat(): ChatRuntime | null {
  return useChatSnapshot().runtime;
}

export interface ChatLinkView {
  link: ChatLink;
  failure: string | null;
  /** Spec §4 "chat-loaded": the first login succeeded (the running chat exists). */
  chatLoaded: boolean;
  waiting: number;
}

/** The chat connection as the user is told about it (spec §4), and what waits for it. */
export function useChatLink(): ChatLinkView {
  const { link, failure, runtime, waiting } = useChatSnapshot();
  return { link, failure, chatLoaded: runtime !== null, waiting };
}

/** The app socket (spec §7) and its state; the socket is null while signed out. */
export function useAppSocket(): { socket: AppSocket | null; state: AppSocketState } {
  return useStore<AppSocketSnapshot>(useConnections().appSocket);
}

/** Every connection's traffic (REST calls, stanzas, STOMP frames), for a console: subscribe to see it. */
export function useTraffic(): Traffic {
  return useConnections().traffic;
}

/** Calls as the layout and the call code read them: whether the call code is wanted, the request, the window. */
export function useCallBridge(): CallBridgeSnapshot & { bridge: CallBridge } {
  const bridge = useConnections().calls;
  return { ...useStore(bridge), bridge };
}

/** Starts a call from any screen (a conversation, a client, an appointment). */
export function useRequestCall(): CallBridge['request'] {
  return useConnections().calls.request;
}

/** The unsent chat messages kept in this browser (sign-out and the automatic logoff name them). */
export function useKeptOutbox(): Connections['keptOutbox'] {
  return useConnections().keptOutbox;
}
