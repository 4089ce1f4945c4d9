/**
 * Messages shown to the user (server messages, spec §8), outside the router so they survive
 * navigation. One store per portal root (src/app/root/portal-root.ts), shown by `<Toaster>`.
 */
import { proxy } from 'valtio';

export type ToastKind = 'error' | 'success' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

export interface ToastStore {
  /** What is on screen (valtio: a component reads it with `useSnapshot`). */
  readonly state: { items: Toast[] };
  /** Shows `text` for `durationMs`, unless the same text is already shown. */
  show(text: string, kind?: ToastKind, durationMs?: number): void;
  dismiss(id: number): void;
  /** Takes away the error messages on screen: what a later success made stale. */
  dismissErrors(): void;
}

/** `later` is the timer a toast goes away by (the page's `setTimeout` by default). */
export function createToastStore(
  later: (run: () => void, ms: number) => unknown = (run, ms) => setTimeout(run, ms),
): ToastStore {
  const state = proxy<{ items: Toast[] }>({ items: [] });
  let next = 1;
  const dismiss = (id: number) => {
    const index = state.items.findIndex((t) => t.id === id);
    if (index >= 0) state.items.splice(index, 1);
  };
  return {
    state,
    show(text, kind = 'error', durationMs = 6000) {
      if (state.items.some((t) => t.text === text)) return;
      const id = next++;
      state.items.push({ id, kind, text });
      later(() => dismiss(id), durationMs);
    },
    dismiss,
    dismissErrors() {
      for (const toast of state.items.filter((t) => t.kind === 'error')) dismiss(toast.id);
    },
  };
}
