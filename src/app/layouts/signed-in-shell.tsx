/**
 * The signed-in area: server data (TanStack Query) for every page behind the guard, and the
 * connections that live as long as the session, across both layouts (connections/): the app
 * socket (spec §7) and the chat, which the pages of spec §2 that do not use it (/shareScreen,
 * /question, /verification) close. The features that keep state in step with a connection take
 * part through their plugins, handed over here; the ring listener of calls is one of them, and the
 * call screens load when a call rings or starts (call-host-loader.tsx). Automatic logoff watches
 * the whole area (idle-logoff.tsx), and the provider's unsaved drafts are read for its editors.
 * The shell makes the portal runtime (connections/portal-runtime.ts) that owns all of it.
 */
import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { api } from '../api/api-client';
import { createQueryClient, followSessionAndLanguage, ServerDataProvider } from '../api/server-data';
import { traffic } from '../api/traffic';
import {
  ConnectionsProvider,
  createPortalRuntime,
  type AppSocketPlugin,
  type ChatPlugin,
  type PortalRuntime,
} from '../connections';
import { messagesChatPlugin } from '../features/chat';
import { notificationPushes } from '../features/notifications';
import { NO_CHAT_PATHS } from '../paths';
import { closeDrafts, openDrafts, session } from '../session';
import { IdleLogoff } from './idle-logoff';
import { CallHostLoader } from './call-host-loader';

const CHAT_PLUGINS: readonly ChatPlugin[] = [messagesChatPlugin];
const SOCKET_PLUGINS: readonly AppSocketPlugin[] = [notificationPushes];

function SessionConnections({ runtime }: { runtime: PortalRuntime }) {
  const { token } = useSnapshot(session);
  const { pathname } = useLocation();
  return (
    <ConnectionsProvider runtime={runtime} token={token} chat={!NO_CHAT_PATHS.includes(pathname)}>
      <Outlet />
      <CallHostLoader />
      <IdleLogoff />
    </ConnectionsProvider>
  );
}

/** The signed-in provider's unsaved drafts, read for this tab (src/app/session drafts). */
function useProviderDrafts(): void {
  const { userInfo } = useSnapshot(session);
  const owner = userInfo?.userId ?? null;
  useEffect(() => {
    if (owner === null) return;
    void openDrafts(owner);
    return closeDrafts;
  }, [owner]);
}

export default function SignedInShell() {
  useProviderDrafts();
  // The signed-in portal's composition root, one per shell (docs/architecture.md §3 "The portal
  // runtime"), with the server data of this session.
  const [{ queryClient, runtime }] = useState(() => {
    const client = createQueryClient();
    return {
      queryClient: client,
      runtime: createPortalRuntime({
        api,
        queryClient: client,
        traffic,
        chatPlugins: CHAT_PLUGINS,
        socketPlugins: SOCKET_PLUGINS,
      }),
    };
  });
  useEffect(() => followSessionAndLanguage(queryClient), [queryClient]);
  return (
    <ServerDataProvider client={queryClient}>
      <SessionConnections runtime={runtime} />
    </ServerDataProvider>
  );
}
