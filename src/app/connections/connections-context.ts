/** The context the signed-in shell's connections are read through (connections-provider.tsx). */
import { createContext, useContext } from 'react';
import type { Traffic } from '../api/traffic';
import type { AppSocketConnectionState } from './app-socket/app-socket-state';
import type { ChatConnectionState } from './chat/chat-link';

export interface Connections {
  chat: ChatConnectionState;
  appSocket: AppSocketConnectionState;
  traffic: Traffic;
}

export const ConnectionsContext = createContext<Connections | null>(null);

export function useConnections(): Connections {
  const connections = useContext(ConnectionsContext);
  if (!connections) throw new Error('Connections are read inside the signed-in shell (ConnectionsProvider)');
  return connections;
}
