/** Messages shown to the user (server messages, spec §8), outside the router so they survive navigation. */
import { proxy } from 'valtio';

export type ToastKind = 'error' | 'success' | 'info';

export interface Toast {
  id: number;
  kind: ToastKind;
  text: string;
}

export const toasts = proxy<{ items: Toast[] }>({ items: [] });
let next = 1;

export function showToast(text: string, kind: ToastKind = 'error', durationMs = 6000): void {
  if (toasts.items.some((t) => t.text === text)) return;
  const id = next++;
  toasts.items.push({ id, kind, text });
  setTimeout(() => dismissToast(id), durationMs);
}

export function dismissToast(id: number): void {
  const index = toasts.items.findIndex((t) => t.id === id);
  if (index >= 0) toasts.items.splice(index, 1);
}
