/**
 * The own API's and the chat service's fetch as the traffic seam sees it (traffic.ts): apart from
 * the seam, which the portal root makes with the entry, so the login page does not carry it
 * (docs/performance.md "Route budgets").
 */
import type { Traffic } from './traffic';

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
