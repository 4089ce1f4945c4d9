/**
 * The own API's requests in flight, counted at the client's fetch: the connections start once the
 * page's first screen has its answers (connections/after-first-screen.ts; docs/performance.md
 * "The connections after the first screen"). A request counts from its call until its answer's
 * headers or its failure.
 */

export interface InFlight {
  /** Requests sent and not yet answered. */
  readonly count: number;
  /** Called whenever the count changes; the returned function stops it. */
  subscribe(listener: () => void): () => void;
  /** `fetch` that counts each of its requests here. */
  track(fetch: typeof globalThis.fetch): typeof globalThis.fetch;
}

export function createInFlight(): InFlight {
  let count = 0;
  const listeners = new Set<() => void>();
  const change = (by: number) => {
    count += by;
    for (const listener of [...listeners]) listener();
  };
  return {
    get count() {
      return count;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    track: (fetch) => async (input, init) => {
      change(1);
      try {
        return await fetch(input, init);
      } finally {
        change(-1);
      }
    },
  };
}
