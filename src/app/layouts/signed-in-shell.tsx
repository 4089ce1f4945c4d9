/**
 * The signed-in area: server data (TanStack Query) for every page behind the guard, and the
 * connections that live as long as the session, across both layouts (connections/): the app
 * socket (spec §7) and the chat, which the pages of spec §2 that do not use it (/shareScreen,
 * /question, /verification) close. The features that keep state in step with a connection take
 * part through their plugins, handed over here; the ring listener of calls is one of them, and the
 * call screens load when the runtime's call controller does, on a ring or a dial (call-host-loader.tsx). Automatic logoff watches
 * the whole area (idle-logoff.tsx), and the provider's unsaved drafts are read for its editors.
 * The shell makes the portal runtime (runtime/portal-runtime.ts) that owns all of it: the
 * connections, the chat store of the Messages screens that its chat fills, and the red dots.
 */
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { createQueryClient, followSessionAndLanguage, ServerDataProvider } from '../api/server-data';
import { ConnectionsProvider } from '../connections';
import { ChatStoreContext } from '../features/chat';
import { RedDotContext } from '../features/notifications';
import { NO_CHAT_PATHS } from '../paths';
import { useDrafts, usePortalApi, usePortalRoot, useSession } from '../root';
import { createPortalRuntime, type PortalRuntime } from '../runtime';
import { IdleLogoff } from './idle-logoff';
import { CallHostLoader } from './call-host-loader';

function SessionConnections({ runtime }: { runtime: PortalRuntime }) {
  const { pathname } = useLocation();
  const { inFlight } = usePortalApi();
  return (
    <ConnectionsProvider runtime={runtime} chat={!NO_CHAT_PATHS.includes(pathname)} fetches={inFlight}>
      <Outlet />
      <CallHostLoader calls={runtime.callController} />
      <IdleLogoff />
    </ConnectionsProvider>
  );
}

/** The signed-in provider's unsaved drafts, read for this tab (src/app/session drafts). */
function useProviderDrafts(): void {
  const { userInfo } = useSnapshot(useSession().state);
  const drafts = useDrafts();
  const owner = userInfo?.userId ?? null;
  useEffect(() => {
    if (owner === null) return;
    void drafts.open(owner);
    return () => drafts.close();
  }, [drafts, owner]);
}

export default function SignedInShell() {
  useProviderDrafts();
  // The signed-in portal's composition root, one per shell (docs/architecture.md §3 "The portal
  // runtime"), with the server data of this session: a sign-in after a sign-out
  // mounts a new shell, with new ones.
  const { traffic, toasts, session } = usePortalRoot();
  // The root's own-API client: loaded with this shell's route (router/router.tsx), so it is here.
  const api = usePortalApi();
  const [{ queryClient, runtime }] = useState(() => {
    const client = createQueryClient();
    return {
      queryClient: client,
      runtime: createPortalRuntime({ api, session, queryClient: client, traffic, toasts }),
    };
  });
  useEffect(() => followSessionAndLanguage(queryClient, session), [queryClient, session]);
  return (
    <ServerDataProvider client={queryClient}>
      <ChatStoreContext.Provider value={runtime.chatStore}>
        <RedDotContext.Provider value={runtime.redDots}>
          <SessionConnections runtime={runtime} />
        </RedDotContext.Provider>
      </ChatStoreContext.Provider>
    </ServerDataProvider>
  );
}
