/**
 * The chat connection as the user is told about it (spec §4 chat connection states, simplified),
 * the login flags of spec §4 ("On success the flags session-loaded and chat-loaded are set"),
 * what waits for the connection, and the running chat itself: one valtio store per signed-in
 * shell (docs/architecture.md §3 realtime state), so the runtime and the flags change together.
 */
import { proxy, ref } from 'valtio';
import type { ChatRuntime } from './types';

export type ChatLink = 'idle' | 'connecting' | 'online' | 'reconnecting' | 'offline' | 'failed';

export interface ChatConnectionState {
  link: ChatLink;
  /** i18n key (messages namespace) of the spec §8 message of a failed login. */
  failure: string | null;
  sessionLoaded: boolean;
  chatLoaded: boolean;
  /** Messages and markers waiting for the connection. */
  waiting: number;
  /** The running chat (kept out of valtio's proxying), null before a login and after sign-out. */
  runtime: ChatRuntime | null;
}

const initial = (): ChatConnectionState => ({
  link: 'idle',
  failure: null,
  sessionLoaded: false,
  chatLoaded: false,
  waiting: 0,
  runtime: null,
});

export function createChatConnectionState(): ChatConnectionState {
  return proxy<ChatConnectionState>(initial());
}

export function resetChatConnection(state: ChatConnectionState): void {
  Object.assign(state, initial());
}

export function setLink(state: ChatConnectionState, link: ChatLink, failure: string | null = null): void {
  state.link = link;
  state.failure = failure;
}

export function setRuntime(state: ChatConnectionState, runtime: ChatRuntime | null): void {
  state.runtime = runtime ? ref(runtime) : null;
}
