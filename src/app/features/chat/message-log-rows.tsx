/**
 * The rows of the message log as virtua renders them (docs/performance.md "Long lists"): the
 * `<ol>` container and one `<li>` per message, which tell their place in the whole conversation
 * and register with the read-marker observer, and virtua's `shift` for older history added above.
 */
import { createContext, use, useCallback, useState, type Ref } from 'react';
import type { CustomContainerComponentProps, CustomItemComponentProps } from 'virtua';
import type { ChatEntry } from './entries';

/** Sets a ref given to a component, whichever kind it is. */
function setRef<T>(ref: Ref<T> | undefined, value: T | null) {
  if (typeof ref === 'function') ref(value);
  else if (ref) ref.current = value;
}

/** What every rendered row reads from its log. */
export const Rows = createContext<{
  label: string;
  entries: readonly ChatEntry[];
  me: number | null;
  watch(row: HTMLElement): () => void;
}>({ label: '', entries: [], me: null, watch: () => () => {} });

/**
 * The log's `<ol>` (virtua's container element), named for screen readers. Not live itself: its
 * rows come and go as history loads and the reader scrolls (log-announcer.tsx reads out arrivals).
 */
export function List({ ref, style, children }: CustomContainerComponentProps) {
  return (
    <ol ref={ref} style={style} aria-label={use(Rows).label} aria-live="off">
      {children}
    </ol>
  );
}

/**
 * One message's `<li>` (virtua's item element): placed by the virtualiser (`style`), telling its
 * place in the whole conversation, marked unread for the read-marker observer it registers with.
 */
export function Row({ ref, style, index, children }: CustomItemComponentProps) {
  const { entries, me, watch } = use(Rows);
  const entry = entries[index]!;
  const unread = me !== null && entry.senderId !== me && !entry.readBy.includes(me);
  const rowRef = useCallback(
    (row: HTMLLIElement) => {
      setRef(ref, row);
      const unwatch = watch(row);
      return () => {
        unwatch();
        setRef(ref, null);
      };
    },
    [ref, watch],
  );
  return (
    <li
      ref={rowRef}
      style={style}
      data-index={index}
      data-entry={entry.id}
      data-unread={unread || undefined}
      aria-setsize={entries.length}
      aria-posinset={index + 1}
    >
      {children}
    </li>
  );
}

/** Whether `after` is `before` with entries added at its start: older history came in. */
function prepended(before: readonly ChatEntry[], after: readonly ChatEntry[]): boolean {
  const first = before[0];
  if (first === undefined || after.length <= before.length || after[0]!.id === first.id) return false;
  return (
    after[after.length - before.length]!.id === first.id ||
    after.findIndex((entry) => entry.id === first.id) > 0
  );
}

/**
 * The entries to render and virtua's `shift`, which must be set on the very render where older
 * entries are added above, and only then (the position is then kept from the end).
 */
export function useShift(entries: readonly ChatEntry[]) {
  const [held, setHeld] = useState({ entries, shift: false });
  if (held.entries !== entries) {
    const next = { entries, shift: prepended(held.entries, entries) };
    setHeld(next);
    return next;
  }
  return held;
}
