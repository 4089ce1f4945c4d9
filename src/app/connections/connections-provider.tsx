/**
 * The portal runtime in React (docs/architecture.md §3 "The portal runtime"): the signed-in shell
 * hands its runtime's connections (connections.ts) here, which starts it for as long as the shell is shown —
 * the runtime then follows the session's token itself, so the session's end closes its
 * connections without React — tells it whether the page uses the chat, and lets any feature read
 * the runtime through the hooks of use-connections.ts; no feature imports another to reach a
 * connection. It starts the runtime once the page's first screen is in (after-first-screen.ts). `chat` is false
 * on the pages of spec §2 that do not use it (/shareScreen, /question, /verification): the chat
 * closes there. A connection's toasts (a failed chat login step, spec §8)
 * are written in the shell's namespaces, which the shell's route has loaded before it renders
 * (src/app/i18n `withNamespaces`).
 */
import { useEffect, type ReactNode } from 'react';
import { afterFirstScreen, type PageFetches } from './after-first-screen';
import { afterNextPaint } from './after-paint';
import type { Connections } from './connections';
import { ConnectionsContext } from './connections-context';

export interface ConnectionsProviderProps {
  runtime: Connections;
  /** Whether the chat runs on this page. */
  chat: boolean;
  /**
   * The own API's requests in flight: the connections wait for the first screen's answers
   * (after-first-screen.ts). Without it they start after the first paint.
   */
  fetches?: PageFetches;
  children: ReactNode;
}

export function ConnectionsProvider({ runtime, chat, fetches, children }: ConnectionsProviderProps) {
  // Before start: the first page's answer decides whether the chat opens with the token.
  useEffect(() => runtime.chatOnPage(chat), [runtime, chat]);
  // After the first screen of the page: the chat and the socket are not what she waits to see.
  useEffect(() => {
    let stop: (() => void) | null = null;
    const start = () => {
      stop = runtime.start();
    };
    const cancel = fetches ? afterFirstScreen(start, fetches) : afterNextPaint(start);
    return () => {
      cancel();
      stop?.();
    };
  }, [runtime, fetches]);

  return <ConnectionsContext.Provider value={runtime}>{children}</ConnectionsContext.Provider>;
}
