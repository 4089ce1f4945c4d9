/**
 * The portal runtime in React (docs/architecture.md §3 "The portal runtime"): the signed-in shell
 * hands its runtime (portal-runtime.ts) here, which opens the app socket (spec §7) while there is
 * a session token and the chat (spec §4 login flow) while the page uses it, and lets any feature
 * read the runtime through the hooks of use-connections.ts — no feature imports another to reach
 * a connection. `chat` is false on the pages of spec §2 that do not use it (/shareScreen,
 * /question, /verification): the chat closes there. A connection's toasts (a failed chat login
 * step, spec §8) are written in the shell's namespaces, which the shell's route has loaded before
 * it renders (src/app/i18n `withNamespaces`).
 */
import { useEffect, type ReactNode } from 'react';
import { PortalRuntimeContext } from './connections-context';
import type { PortalRuntime } from './portal-runtime';

export interface ConnectionsProviderProps {
  runtime: PortalRuntime;
  token: string | null;
  /** Whether the chat runs on this page. */
  chat: boolean;
  children: ReactNode;
}

export function ConnectionsProvider({ runtime, token, chat, children }: ConnectionsProviderProps) {
  useEffect(() => runtime.start(), [runtime]);

  useEffect(() => {
    if (!token) return;
    return runtime.openAppSocket(token);
  }, [runtime, token]);

  useEffect(() => {
    if (!token || !chat) return;
    return runtime.openChat();
  }, [runtime, token, chat]);

  return <PortalRuntimeContext.Provider value={runtime}>{children}</PortalRuntimeContext.Provider>;
}
