/**
 * How the Messages screens reach their chat store (chat-store.ts): the signed-in shell makes one
 * and provides it here, next to its portal runtime (docs/architecture.md §3 "The portal runtime");
 * a component test provides its own.
 */
import { createContext, useContext } from 'react';
import { useSnapshot, type Snapshot } from 'valtio';
import type { ChatState } from './chat-state';
import type { ChatStore } from './chat-store';

export const ChatStoreContext = createContext<ChatStore | null>(null);

export function useChatStore(): ChatStore {
  const store = useContext(ChatStoreContext);
  if (!store) throw new Error('The chat store is read inside the signed-in shell (ChatStoreContext)');
  return store;
}

/** The chat state, re-rendering on what the component reads (valtio's access tracking). */
export function useChatState(): Snapshot<ChatState> {
  return useSnapshot(useChatStore().state);
}
