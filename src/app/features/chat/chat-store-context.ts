/**
 * How the Messages screens reach their chat store (chat-store.ts): the signed-in shell makes one
 * and provides it here, next to its portal runtime (docs/architecture.md §3 "The portal runtime");
 * a component test provides its own.
 */
import { useSnapshot, type Snapshot } from 'valtio';
import { requiredContext } from '../../components/required-context';
import type { ChatState } from './chat-state';
import type { ChatStore } from './chat-store';

const chatStore = requiredContext<ChatStore>(
  'The chat store is read inside the signed-in shell (ChatStoreContext)',
);
export const ChatStoreContext = chatStore.Context;
export const useChatStore = chatStore.use;

/** The chat state, re-rendering on what the component reads (valtio's access tracking). */
export function useChatState(): Snapshot<ChatState> {
  return useSnapshot(useChatStore().state);
}
