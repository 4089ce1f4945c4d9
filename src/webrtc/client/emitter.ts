/** The typed event hub of the call client (docs/calls.md "API"). */
import type { CallEventName, CallEvents, Listener } from '../types';

export interface CallEmitter {
  on<K extends CallEventName>(event: K, listener: Listener<K>): () => void;
  off<K extends CallEventName>(event: K, listener: Listener<K>): void;
  emit<K extends CallEventName>(event: K, payload: CallEvents[K]): void;
}

export function createEmitter(): CallEmitter {
  const listeners = new Map<CallEventName, Set<(payload: never) => void>>();
  const emitter: CallEmitter = {
    on(event, listener) {
      let set = listeners.get(event);
      if (!set) listeners.set(event, (set = new Set()));
      set.add(listener as (payload: never) => void);
      return () => emitter.off(event, listener);
    },
    off(event, listener) {
      listeners.get(event)?.delete(listener as (payload: never) => void);
    },
    emit(event, payload) {
      for (const listener of [...(listeners.get(event) ?? [])]) {
        try {
          (listener as Listener<typeof event>)(payload);
        } catch (error) {
          // A failing listener must not stop the call machinery; it is reported once.
          if (event !== 'error') emitter.emit('error', { session: null, error: error as Error });
        }
      }
    },
  };
  return emitter;
}
