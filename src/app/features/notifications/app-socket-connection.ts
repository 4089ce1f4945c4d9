/**
 * The portal's one app socket (spec §7 "Real-time app socket"): opened with the session token after
 * sign-in, closed on sign-out. A red-dot push (spec §4) sets the menu red dot and refreshes the
 * notification tree and the centre's lists; every (re)connect catches up on what arrived while
 * the socket was down. A token the socket refuses ends the socket only: the next API call meets
 * the same token error and the error catalogue signs the user out (spec §8), as at any click.
 */
import type { QueryClient } from '@tanstack/react-query';
import { APP_SOCKET_PATH } from '../../../shared/app-socket';
import { createAppSocket } from '../../../socket';
import { fetchFresh } from '../../api/fetch-fresh';
import { NOTIFICATIONS_KEY, notificationTreeQuery } from './queries';
import { applyPush, applyTree, resetRedDots, setSocketState } from './red-dot-store';

export interface AppSocketConnectionOptions {
  token: string;
  queryClient: QueryClient;
}

function socketUrl(): string {
  return `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${APP_SOCKET_PATH}`;
}

/** Opens the socket; the returned function closes it for good. */
export function startAppSocket({ token, queryClient }: AppSocketConnectionOptions): () => void {
  const socket = createAppSocket({
    url: socketUrl(),
    token,
    webSocketFactory: (url) => new WebSocket(url, ['v12.stomp']),
  });
  const refreshTree = async () => {
    try {
      applyTree(await fetchFresh(queryClient, notificationTreeQuery()));
    } catch {
      // The API client's error policy has shown the failure (or signed the user out).
    }
  };
  socket.on('state', ({ state }) => {
    setSocketState(state);
    if (state === 'connected') void refreshTree();
  });
  socket.on('redDot', (push) => {
    applyPush(push.count);
    void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
    void refreshTree();
  });
  socket.start();
  return () => {
    void socket.stop();
    resetRedDots();
  };
}
