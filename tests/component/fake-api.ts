/**
 * The own API as a component test's screen reaches it (spec §7): the portal's real API client over
 * a stubbed global `fetch` that answers the routes a test names, in the API's envelope (a
 * `Refusal` answers its error). Every request is recorded; a route nobody named answers 404, so a
 * test sees what it did not expect.
 */
import { vi } from 'vitest';

export type Route = (request: { url: URL; method: string; body: unknown }) => unknown;

export interface FakeApi {
  /** The requests made, `METHOD /path` (query left off), in order. */
  readonly requests: string[];
}

/** What a route answers to refuse a request: the API's error envelope with its HTTP status. */
export class Refusal {
  constructor(
    readonly status: number,
    readonly code: string,
    readonly message: string,
    /** The envelope's data: a VALIDATION_ERROR's `{ fields }`. */
    readonly data?: unknown,
  ) {}
}

export function serveApi(routes: Record<string, Route>): FakeApi {
  const requests: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api/, '');
    const key = `${request.method} ${path}`;
    requests.push(key);
    const route = routes[key];
    if (!route) return new Response(JSON.stringify({ code: 'NOT_FOUND', message: key }), { status: 404 });
    const text = await request.text();
    // JSON, or a form's pairs (spec §7 forms) as an object of strings.
    const body = !text
      ? null
      : request.headers.get('content-type')?.startsWith('application/x-www-form-urlencoded')
        ? Object.fromEntries(new URLSearchParams(text))
        : JSON.parse(text);
    const data = await route({ url, method: request.method, body });
    if (data instanceof Refusal)
      return new Response(
        JSON.stringify({ code: data.code, message: data.message, data: data.data ?? null }),
        {
          status: data.status,
          headers: { 'content-type': 'application/json' },
        },
      );
    return new Response(JSON.stringify({ code: 'OK', data }), {
      status: 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  return { requests };
}
