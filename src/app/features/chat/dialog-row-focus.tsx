/**
 * Focus in the dialog list (dialog-list.tsx): arrow keys, Home and End between its virtualised rows
 * (docs/performance.md "Long lists"), and a row given focus back when the provider returns to the
 * list (docs/conventions.md "Accessibility": focus returns).
 */
import {
  createContext,
  use,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type FocusEvent,
  type KeyboardEvent,
  type RefObject,
} from 'react';
import type { CustomItemComponentProps, VirtualizerHandle } from 'virtua';
import type { DialogView } from './chat-store';

/** The key that moves focus from `at` in a list of `count`, or null for other keys. */
function focusTarget(key: string, at: number, count: number): number | null {
  if (key === 'ArrowDown') return Math.min(at + 1, count - 1);
  if (key === 'ArrowUp') return Math.max(at - 1, 0);
  if (key === 'Home') return 0;
  if (key === 'End') return count - 1;
  return null;
}

/** What every rendered row reads from its list: the whole list's size and the focus to give. */
export const Rows = createContext<{ count: number; focusPending(): void }>({
  count: 0,
  focusPending: () => {},
});

/**
 * One row's `<li>` (virtua's item element): placed by the virtualiser (`style`), telling its place
 * in the whole list. A row that is rendered but not measured yet is hidden and cannot take focus;
 * once it shows, the focus waiting for it is given.
 */
export function Row({ ref, style, index, children }: CustomItemComponentProps) {
  const { count, focusPending } = use(Rows);
  const shown = style.visibility !== 'hidden';
  useLayoutEffect(() => {
    if (shown) focusPending();
  }, [shown, index, focusPending]);
  return (
    <li
      ref={ref}
      style={style}
      data-index={index}
      aria-setsize={count}
      aria-posinset={index + 1}
      className="px-2"
    >
      {children}
    </li>
  );
}

/** The button of row `index` if it is rendered and shown (so it can take focus). */
function rowButton(list: HTMLElement | null, index: number): HTMLButtonElement | null {
  const row = list?.querySelector<HTMLLIElement>(`li[data-index="${index}"]`);
  if (!row || row.style.visibility === 'hidden') return null;
  return row.querySelector<HTMLButtonElement>('button[data-index]');
}

/**
 * Arrow keys, Home and End scroll their target into view and focus it once it is rendered; the
 * focused row stays rendered (virtua's `keepMounted`) while it scrolls out of view, so focus is
 * never lost.
 */
export function useRowFocus(
  dialogs: readonly DialogView[],
  scroller: RefObject<HTMLElement | null>,
  virtualizer: RefObject<VirtualizerHandle | null>,
) {
  const [focusedId, setFocusedId] = useState<string | null>(null);
  const pending = useRef<number | null>(null);
  const focusPending = useCallback(() => {
    if (pending.current === null) return;
    const button = rowButton(scroller.current, pending.current);
    if (!button) return;
    button.focus({ preventScroll: true });
    if (document.activeElement === button) pending.current = null;
  }, [scroller]);
  const focusRow = useCallback(
    (index: number) => {
      virtualizer.current?.scrollToIndex(index, { align: 'nearest' });
      pending.current = index;
      focusPending();
    },
    [virtualizer, focusPending],
  );
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const at = Number((document.activeElement as HTMLElement | null)?.dataset.index ?? -1);
    const target = focusTarget(event.key, at, dialogs.length);
    if (target === null || at < 0) return;
    event.preventDefault();
    focusRow(target);
  };
  const onFocus = (event: FocusEvent<HTMLElement>) => {
    setFocusedId((event.target as HTMLElement).dataset.dialog ?? null);
  };
  const focused = focusedId === null ? -1 : dialogs.findIndex((dialog) => dialog.id === focusedId);
  const keepMounted = useMemo(() => (focused < 0 ? undefined : [focused]), [focused]);
  return { focusPending, focusRow, onKeyDown, onFocus, onBlur: () => setFocusedId(null), keepMounted };
}
