/**
 * A part of the chat store as its plain snapshot, without valtio's access tracking: for the long
 * lists (docs/performance.md "Long lists"), where tracking every row a virtualiser reads (each
 * message's id, each dialog) costs more on every change than rendering the rows in view. The
 * component renders again when that part's snapshot changes (a part keeps its identity until then).
 */
import { useCallback, useSyncExternalStore } from 'react';
import { snapshot, subscribe, type Snapshot } from 'valtio';
import type { ChatState } from './chat-state';
import { useChatStore } from './chat-store-context';

export function useChatSlice<T>(select: (state: Snapshot<ChatState>) => T): T {
  const { state } = useChatStore();
  const subscribeChat = useCallback((onChange: () => void) => subscribe(state, onChange), [state]);
  return useSyncExternalStore(subscribeChat, () => select(snapshot(state)));
}
