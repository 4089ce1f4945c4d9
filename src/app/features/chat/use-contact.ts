/**
 * A contact as the conversation header shows it (spec §4 Contact subscription): read from the chat
 * client's roster (src/xmpp roster), its one owner, and re-read when the roster changes.
 */
import { useCallback, useRef, useSyncExternalStore } from 'react';
import type { Contact } from '../../../xmpp';
import type { ChatRuntime } from '../../connections';

/** The roster's entry for `userId`, or undefined (no contact, or no chat). */
export function useContact(runtime: ChatRuntime | null, userId: number): Contact | undefined {
  const last = useRef<Contact | undefined>(undefined);
  const subscribe = useCallback(
    (changed: () => void) => runtime?.chat.roster.on('contacts', changed) ?? (() => undefined),
    [runtime],
  );
  // The roster hands out a copy each time: the same entry keeps its object, so React sees no change.
  const read = () => {
    const next = runtime?.chat.contacts[userId];
    const kept = last.current;
    if (next?.subscription !== kept?.subscription || next?.ask !== kept?.ask) last.current = next;
    return last.current;
  };
  return useSyncExternalStore(subscribe, read, read);
}
