/**
 * The portal's one app socket (spec §7 "Real-time app socket"): opened with the session token after
 * sign-in, closed on sign-out. What a push means (the notification red dot, spec §4) is the
 * plugins' business: they are wired before the socket starts, so they see its first state. A token
 * the socket refuses ends the socket only: the next API call meets the same token error and the
 * error catalogue signs the user out (spec §8), as at any click.
 */
import type { QueryClient } from '@tanstack/react-query';
import { APP_SOCKET_PATH } from '../../../shared/app-socket';
import { createAppSocket } from '../../../socket';
import type { Traffic } from '../../api/traffic';
import type { AppSocketConnectionState, AppSocketPlugin } from './app-socket-state';
import { observedWebSocket } from './observed-web-socket';

export interface AppSocketConnectionOptions {
  token: string;
  queryClient: QueryClient;
  state: AppSocketConnectionState;
  plugins: readonly AppSocketPlugin[];
  /** The console's seam: STOMP frames in and out, while someone listens. */
  traffic: Traffic;
}

function socketUrl(): string {
  return `${window.location.protocol === 'https:' ? 'wss' : 'ws'}://${window.location.host}${APP_SOCKET_PATH}`;
}

/** Opens the socket; the returned function closes it for good. */
export function startAppSocket({
  token,
  queryClient,
  state,
  plugins,
  traffic,
}: AppSocketConnectionOptions): () => void {
  const socket = createAppSocket({
    url: socketUrl(),
    token,
    webSocketFactory: (url) => observedWebSocket(new WebSocket(url, ['v12.stomp']), traffic),
  });
  const offs = [
    socket.on('state', ({ state: next }) => state.set({ ...state.get(), state: next })),
    ...plugins.map((plugin) => plugin.wire(socket, queryClient)),
  ];
  state.set({ ...state.get(), socket });
  socket.start();
  return () => {
    void socket.stop();
    for (const off of offs) off();
    state.set({ socket: null, state: 'idle' });
    for (const plugin of plugins) plugin.reset?.();
  };
}
