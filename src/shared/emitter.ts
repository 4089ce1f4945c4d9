/**
 * The one typed event emitter of the headless code (the chat client, the shared chat, the app
 * socket client, the call client): one listener signature per event name. A listener that throws
 * does not stop the others; its error goes to `onListenerError`, or by default is re-thrown on a
 * fresh task so it surfaces as an uncaught error.
 */

/** Maps event names to the single argument their listeners receive. */
export type EventMap = object;

export type Listener<T> = (payload: T) => void;

export interface Emitter<E extends EventMap> {
  /** Adds a listener; returns a function that removes it. */
  on<K extends keyof E>(event: K, listener: Listener<E[K]>): () => void;
  off<K extends keyof E>(event: K, listener: Listener<E[K]>): void;
  /** Adds a listener that runs once. */
  once<K extends keyof E>(event: K, listener: Listener<E[K]>): () => void;
  emit<K extends keyof E>(event: K, payload: E[K]): void;
  listenerCount(event: keyof E): number;
}

/**
 * The listening side of an emitter: what an owner hands out so others can listen but not emit
 * (each feature of the chat client, docs/architecture.md §3 "Features own their events").
 */
export type EventSource<E extends EventMap> = Pick<Emitter<E>, 'on' | 'off' | 'once'>;

/** The listening side of `emitter`, as a value of its own. */
export function eventSource<E extends EventMap>(emitter: Emitter<E>): EventSource<E> {
  return { on: emitter.on, off: emitter.off, once: emitter.once };
}

export interface EmitterOptions<E extends EventMap> {
  /**
   * Where a listener's error goes, e.g. the call client's own `error` event (docs/calls.md "API").
   * The other listeners run either way.
   */
  onListenerError?(error: unknown, event: keyof E): void;
}

export function createEmitter<E extends EventMap>(options: EmitterOptions<E> = {}): Emitter<E> {
  const listeners = new Map<keyof E, Set<Listener<never>>>();
  const emitter: Emitter<E> = {
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener as Listener<never>);
      return () => emitter.off(event, listener);
    },
    off(event, listener) {
      listeners.get(event)?.delete(listener as Listener<never>);
    },
    once(event, listener) {
      const off = emitter.on(event, (payload) => {
        off();
        listener(payload);
      });
      return off;
    },
    emit(event, payload) {
      const set = listeners.get(event);
      if (!set) return;
      for (const listener of [...set]) {
        try {
          (listener as Listener<E[typeof event]>)(payload);
        } catch (error) {
          if (options.onListenerError) options.onListenerError(error, event);
          else
            // The listener's bug belongs to its owner: surface it as an uncaught error.
            setTimeout(() => {
              throw error;
            }, 0);
        }
      }
    },
    listenerCount: (event) => listeners.get(event)?.size ?? 0,
  };
  return emitter;
}
