/**
 * The chat session's lifecycle in the portal (spec §4 login flow and chat connection states,
 * simplified) as one transition table on the machine kernel (src/shared/machine.ts): every state
 * carries its data — a failed login its spec §8 message, a loaded chat the running chat — so what
 * spec §4 calls the flags session-loaded and chat-loaded is read from the state, never kept beside
 * it. React reads the snapshot through `useSyncExternalStore` (use-connections.ts).
 */
import { createMachine, nextState } from '../../../shared/machine';
import { createExternalStore } from '../external-store';
import type { ChatRuntime } from './types';

export type ChatLink = 'idle' | 'connecting' | 'online' | 'reconnecting' | 'offline' | 'failed';

/** From each state, the states it may move to; an illegal move throws. */
export const CHAT_LINK_TRANSITIONS: Readonly<Record<ChatLink, readonly ChatLink[]>> = {
  // The login flow starts (the chat account, the chat-service session, the XMPP login).
  idle: ['connecting'],
  // The connection may drop or the browser go offline while the login still runs.
  connecting: ['online', 'reconnecting', 'offline', 'failed', 'idle'],
  online: ['reconnecting', 'offline', 'idle'],
  reconnecting: ['online', 'offline', 'failed', 'idle'],
  offline: ['online', 'reconnecting', 'failed', 'idle'],
  // A failed login keeps its message and the reload advice until the chat stops (spec §8).
  failed: ['idle'],
};

/** What the connection reports of itself: a drop, a reconnect, the browser's network. */
export type ReportedLink = 'online' | 'reconnecting' | 'offline';

const FOLLOWS_REPORT: Readonly<Record<ReportedLink, ChatLink>> = {
  online: 'online',
  reconnecting: 'reconnecting',
  offline: 'offline',
};
const STAYS = (link: ChatLink): Readonly<Record<ReportedLink, ChatLink>> => ({
  online: link,
  reconnecting: link,
  offline: link,
});

/**
 * Where the connection's report takes each state (an event table): a failed login keeps its message
 * whatever the connection reports afterwards (spec §8), and a stopped chat hears nothing.
 */
export const CHAT_LINK_REPORTS: Readonly<Record<ChatLink, Readonly<Record<ReportedLink, ChatLink>>>> = {
  idle: STAYS('idle'),
  connecting: FOLLOWS_REPORT,
  online: FOLLOWS_REPORT,
  reconnecting: FOLLOWS_REPORT,
  offline: FOLLOWS_REPORT,
  failed: STAYS('failed'),
};

export interface ChatLinkSnapshot {
  link: ChatLink;
  /** `failed` only: the i18n key (messages namespace) of the spec §8 message. */
  failure: string | null;
  /** The running chat, from a login that succeeded until the chat stops (spec §4 "chat-loaded"). */
  runtime: ChatRuntime | null;
  /** Messages and markers waiting for the connection (the outbox's count). */
  waiting: number;
}

/** The chat of this tab as the portal reads and moves it (chat-connection.ts, link-events.ts). */
export interface ChatConnectionState {
  get(): ChatLinkSnapshot;
  subscribe(listener: () => void): () => void;
  /** The login flow started. */
  connecting(): void;
  /** A login step failed (spec §8 message key). */
  failed(failure: string): void;
  /** The login succeeded: the chat runs. */
  loaded(runtime: ChatRuntime): void;
  /**
   * The connection reports itself (a drop, a reconnect, the browser's network). A failed login
   * keeps its message whatever the connection reports afterwards; a stopped chat hears nothing.
   */
  report(link: ReportedLink): void;
  /** The outbox's count changed. */
  waiting(count: number): void;
  /** The chat stopped for good (sign-out, a page without chat). */
  stop(): void;
}

const IDLE: ChatLinkSnapshot = { link: 'idle', failure: null, runtime: null, waiting: 0 };

export function createChatConnectionState(): ChatConnectionState {
  const store = createExternalStore<ChatLinkSnapshot>(IDLE);
  const machine = createMachine<ChatLink>('chat link', CHAT_LINK_TRANSITIONS, 'idle', undefined, {
    // A drop and the browser's offline event may both report `offline`.
    stayingPutIsNoMove: true,
  });
  const move = (link: ChatLink, data: Partial<ChatLinkSnapshot> = {}) => {
    machine.transition(link);
    store.set({ ...store.get(), ...data, link });
  };
  return {
    get: store.get,
    subscribe: store.subscribe,
    connecting: () => move('connecting', { failure: null, runtime: null, waiting: 0 }),
    failed: (failure) => move('failed', { failure }),
    loaded: (runtime) => move('online', { runtime }),
    report(link) {
      const to = nextState('chat link', CHAT_LINK_REPORTS, machine.state, link);
      if (to !== machine.state) move(to);
    },
    waiting(count) {
      if (count !== store.get().waiting) store.set({ ...store.get(), waiting: count });
    },
    stop() {
      machine.transition('idle');
      store.set(IDLE);
    },
  };
}
