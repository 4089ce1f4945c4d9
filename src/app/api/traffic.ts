/**
 * The observation seam of every connection of the portal (for a protocol console; docs/architecture.md §2):
 * calls of the own API and the chat-service REST, XMPP stanzas in and out (and the BOSH requests
 * that carry them), STOMP frames of the app socket. A thin listener API: while nobody listens, `listening` is false and the
 * connections build and keep nothing (no behaviour change). The portal root makes one per page
 * (src/app/root); the API client publishes into it through `observedFetch` (observed-fetch.ts),
 * connections/ publishes the rest and hands it out (`useTraffic()`).
 */
import { createEmitter } from '../../shared/emitter';
import type { BoshRequestTraffic, StanzaTraffic } from '../../xmpp';

export type TrafficDirection = 'in' | 'out';

export type TrafficEvent =
  | {
      channel: 'rest';
      service: 'api' | 'chat-service';
      direction: TrafficDirection;
      method: string;
      url: string;
      /** The answer's status ('in' only); null when no answer came (network error, abort). */
      status?: number | null;
      /** 'in' only: milliseconds since the request, the text sent and the answer's text. */
      durationMs?: number;
      requestBody?: string;
      responseBody?: string;
    }
  | { channel: 'xmpp'; direction: TrafficDirection; element: StanzaTraffic['element'] }
  /** An HTTP request of the chat's BOSH stream (a tab that fell back from WebSocket), as it ended. */
  | { channel: 'bosh'; request: BoshRequestTraffic }
  | { channel: 'stomp'; direction: TrafficDirection; frame: string | ArrayBuffer | Blob };

export type TrafficListener = (event: TrafficEvent) => void;

export interface Traffic {
  /** Adds a listener; returns the function that removes it. */
  subscribe(listener: TrafficListener): () => void;
  /** Someone listens: only then is anything built or published. */
  readonly listening: boolean;
  /** Told when `listening` changes (a connection then starts or stops observing). */
  onListening(change: (listening: boolean) => void): () => void;
  publish(event: TrafficEvent): void;
}

export function createTraffic(): Traffic {
  const events = createEmitter<{ traffic: TrafficEvent; listening: boolean }>({
    // A console's bug never breaks a connection.
    onListenerError: (error) => console.warn('Traffic listener', error),
  });
  const listening = () => events.listenerCount('traffic') > 0;
  const changed = (before: boolean) => {
    if (listening() !== before) events.emit('listening', listening());
  };
  return {
    subscribe(listener) {
      const before = listening();
      const off = events.on('traffic', listener);
      changed(before);
      return () => {
        const was = listening();
        off();
        changed(was);
      };
    },
    get listening() {
      return listening();
    },
    onListening: (change) => events.on('listening', change),
    publish: (event) => events.emit('traffic', event),
  };
}
