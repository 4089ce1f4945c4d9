/**
 * How features read the connections (docs/architecture.md §2): the running chat, its link as the user is told
 * about it, the app socket, and the traffic of every connection for a console.
 */
import { useSnapshot } from 'valtio';
import type { AppSocket, AppSocketState } from '../../socket';
import type { Traffic } from '../api/traffic';
import type { ChatLink } from './chat/chat-link';
import type { ChatRuntime } from './chat/types';
import { useConnections } from './connections-context';

/** The running chat (client, chat-service REST, outbox), or null before the login and after sign-out. */
export function useChat(): ChatRuntime | null {
  return useSnapshot(useConnections().chat).runtime as ChatRuntime | null;
}

export interface ChatLinkView {
  link: ChatLink;
  failure: string | null;
  sessionLoaded: boolean;
  chatLoaded: boolean;
  waiting: number;
}

/** The chat connection as the user is told about it (spec §4), and what waits for it. */
export function useChatLink(): ChatLinkView {
  const { link, failure, sessionLoaded, chatLoaded, waiting } = useSnapshot(useConnections().chat);
  return { link, failure, sessionLoaded, chatLoaded, waiting };
}

/** The app socket (spec §7) and its state; the socket is null while signed out. */
export function useAppSocket(): { socket: AppSocket | null; state: AppSocketState } {
  const snap = useSnapshot(useConnections().appSocket);
  return { socket: snap.socket as AppSocket | null, state: snap.state };
}

/** Every connection's traffic (REST calls, stanzas, STOMP frames), for a console: subscribe to see it. */
export function useTraffic(): Traffic {
  return useConnections().traffic;
}
