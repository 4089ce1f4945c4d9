/**
 * The observation seam of every connection of the portal (for a protocol console; docs/architecture.md §2):
 * calls of the own API and the chat-service REST, XMPP stanzas in and out (and the BOSH requests
 * that carry them), STOMP frames of the app socket. A thin listener API: while nobody listens, `listening` is false and the
 * connections build and keep nothing (no behaviour change). It lives here, below the API client
 * that publishes into it; connections/ publishes the rest and hands it out (`useTraffic()`).
 */
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
  const listeners = new Set<TrafficListener>();
  const watchers = new Set<(listening: boolean) => void>();
  const changed = (before: boolean) => {
    const now = listeners.size > 0;
    if (now !== before) for (const watcher of [...watchers]) watcher(now);
  };
  return {
    subscribe(listener) {
      const before = listeners.size > 0;
      listeners.add(listener);
      changed(before);
      return () => {
        const was = listeners.size > 0;
        listeners.delete(listener);
        changed(was);
      };
    },
    get listening() {
      return listeners.size > 0;
    },
    onListening(change) {
      watchers.add(change);
      return () => watchers.delete(change);
    },
    publish(event) {
      for (const listener of [...listeners]) {
        try {
          listener(event);
        } catch (error) {
          // A console's bug never breaks a connection.
          console.warn('Traffic listener', error);
        }
      }
    },
  };
}

/** A fetch that tells `seam` about each request and its answer, while someone listens. */
export function observedFetch(service: 'api' | 'chat-service', seam: Traffic): typeof fetch {
  return async (input, init) => {
    if (!seam.listening) return globalThis.fetch(input, init);
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    const url = input instanceof Request ? input.url : String(input);
    seam.publish({ channel: 'rest', service, direction: 'out', method, url });
    const started = performance.now();
    const body = init?.body;
    const sent = typeof body === 'string' || body instanceof URLSearchParams ? String(body) : undefined;
    const answered = (status: number | null, responseBody?: string) =>
      seam.publish({
        channel: 'rest',
        service,
        direction: 'in',
        method,
        url,
        status,
        durationMs: performance.now() - started,
        ...(sent === undefined ? {} : { requestBody: sent }),
        ...(responseBody === undefined ? {} : { responseBody }),
      });
    try {
      const response = await globalThis.fetch(input, init);
      // The console reads a copy of the answer, beside the caller; the caller's body is untouched.
      response
        .clone()
        .text()
        .then(
          (text) => answered(response.status, text),
          () => answered(response.status),
        );
      return response;
    } catch (error) {
      answered(null);
      throw error;
    }
  };
}
