/**
 * The signed-in area: server data (TanStack Query) for every page behind the guard, and the
 * connections that live as long as the session, across both layouts: the app socket (spec §7) and
 * the chat, which the pages of spec §2 that do not use it (/shareScreen, /question,
 * /verification) close.
 */
import { Outlet, useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { ServerDataProvider } from '../api/server-data';
import { session } from '../session';
import { useChatConnection } from '../features/chat';
import { useAppSocket } from '../features/notifications';
import { NO_CHAT_PATHS } from '../paths';

function SessionConnections() {
  const { token } = useSnapshot(session);
  const { pathname } = useLocation();
  useAppSocket(token);
  useChatConnection(token, !NO_CHAT_PATHS.includes(pathname));
  return null;
}

export default function SignedInShell() {
  return (
    <ServerDataProvider>
      <SessionConnections />
      <Outlet />
    </ServerDataProvider>
  );
}
