/** The signed-in area: server data (TanStack Query) for every page behind the guard. */
import { Outlet } from 'react-router-dom';
import { ServerDataProvider } from '../api/server-data';

export default function SignedInShell() {
  return (
    <ServerDataProvider>
      <Outlet />
    </ServerDataProvider>
  );
}
