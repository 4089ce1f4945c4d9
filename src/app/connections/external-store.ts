/**
 * A value React reads through `useSyncExternalStore` (docs/architecture.md §3 "The portal
 * runtime"): each change is a new snapshot, so a component re-renders when what it reads changed
 * and never sees half of a change. Its listeners are the shared emitter's (src/shared/emitter.ts).
 */
import { createEmitter } from '../../shared/emitter';

export interface ExternalStore<T> {
  get(): T;
  /** Replaces the snapshot (a new object) and tells every listener. */
  set(next: T): void;
  /** Adds a listener; returns the function that removes it. */
  subscribe(listener: () => void): () => void;
}

export function createExternalStore<T>(initial: T): ExternalStore<T> {
  let value = initial;
  const changes = createEmitter<{ change: undefined }>();
  return {
    get: () => value,
    set(next) {
      if (Object.is(next, value)) return;
      value = next;
      changes.emit('change', undefined);
    },
    subscribe: (listener) => changes.on('change', listener),
  };
}
