/**
 * Red dots while the chat is down (spec §1 red dots; spec §7 "unread chat dialog list with
 * authToken"): without the XMPP connection no message arrives live, so the unread dialog list of
 * the own API keeps the Messages red dot and the floating chat icon true — asked at once when the
 * connection drops and then every 30 s (spec §9 callback interval) until it is back. The engine
 * takes its fetch, its store update and its timers as parameters (docs/conventions.md item 3).
 */
import type { ChatRuntime } from '../../connections';
import type { ChatStore } from './chat-store';

export interface UnreadItem {
  dialogId: string;
  unreadMessagesCount: number;
}

export interface UnreadWatchOptions {
  fetch(): Promise<{ items: UnreadItem[] }>;
  apply(items: UnreadItem[]): void;
  intervalMs?: number;
  setInterval?(run: () => void, ms: number): unknown;
  clearInterval?(handle: unknown): void;
}

export const UNREAD_POLL_MS = 30_000;

export interface UnreadWatch {
  /** The connection dropped (and is not coming back by itself at once). */
  down(): void;
  /** The connection is back: live messages count again. */
  up(): void;
  stop(): void;
  readonly polling: boolean;
}

export function createUnreadWatch(options: UnreadWatchOptions): UnreadWatch {
  const every = options.setInterval ?? ((run, ms) => globalThis.setInterval(run, ms));
  const cancel = options.clearInterval ?? ((handle) => globalThis.clearInterval(handle as number));
  let timer: unknown = null;
  let generation = 0;

  const ask = () => {
    const mine = generation;
    options.fetch().then(
      ({ items }) => {
        // An answer that arrives after the connection came back is older than the live counts.
        if (mine === generation && timer !== null) options.apply(items);
      },
      (error: unknown) => console.warn('Unread dialogs while the chat is down', error),
    );
  };

  const up = () => {
    generation += 1;
    if (timer !== null) cancel(timer);
    timer = null;
  };

  return {
    down() {
      if (timer !== null) return;
      timer = every(ask, options.intervalMs ?? UNREAD_POLL_MS);
      ask();
    },
    up,
    stop: up,
    get polling() {
      return timer !== null;
    },
  };
}

/** The watch on the running chat, into `store`: down on a drop that was not asked for, up when it is back. */
export function wireUnreadWhileDown(store: ChatStore, runtime: ChatRuntime): () => void {
  const watch = createUnreadWatch({
    fetch: () => store.server.unreadDialogs({ quiet: true }),
    apply: store.applyUnreadList,
  });
  const offs = [
    runtime.chat.session.on('disconnected', (info) => {
      if (!info.intentional) watch.down();
    }),
    runtime.chat.on('reconnect', () => watch.up()),
    runtime.chat.session.on('resumed', () => watch.up()),
  ];
  return () => {
    watch.stop();
    for (const off of offs) off();
  };
}
