/**
 * An XMLHttpRequest for Node, over `fetch`, with exactly what Strophe's BOSH transport
 * (XEP-0206) uses: open, setRequestHeader, send, abort, readyState, status, responseText,
 * responseXML (parsed with the global DOMParser), getAllResponseHeaders and
 * onreadystatechange. Browsers have their own; {@link ensureXmlHttpRequest} installs this one
 * only where none exists, so the stack runs unchanged in Node (spec: integration tests,
 * benchmark, member simulator).
 */

type ReadyState = 0 | 1 | 2 | 3 | 4;

class FetchXmlHttpRequest {
  readyState: ReadyState = 0;
  status = 0;
  responseText = '';
  withCredentials = false;
  onreadystatechange: (() => void) | null = null;
  private method = 'GET';
  private url = '';
  private readonly headers: Record<string, string> = {};
  private responseHeaders = '';
  private controller: AbortController | null = null;

  get responseXML(): Document | null {
    if (!this.responseText || typeof DOMParser === 'undefined') return null;
    return new DOMParser().parseFromString(this.responseText, 'text/xml');
  }

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
    this.change(1);
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  overrideMimeType(): void {
    // The body is always read as text; Strophe parses it.
  }

  getAllResponseHeaders(): string {
    return this.responseHeaders;
  }

  send(body?: string | null): void {
    const controller = new AbortController();
    this.controller = controller;
    fetch(this.url, {
      method: this.method,
      headers: this.headers,
      body: body ?? null,
      signal: controller.signal,
    })
      .then(async (response) => {
        this.status = response.status;
        this.responseHeaders = [...response.headers].map(([k, v]) => `${k}: ${v}`).join('\r\n');
        this.change(2);
        this.responseText = await response.text();
        if (!controller.signal.aborted) this.change(4);
      })
      .catch(() => {
        // A network failure or an abort: status 0 at readyState 4 is how XHR reports it,
        // and Strophe counts it as an error (wire §12). An aborted request stays silent.
        if (controller.signal.aborted) return;
        this.status = 0;
        this.change(4);
      });
  }

  abort(): void {
    this.controller?.abort();
    this.readyState = 0;
  }

  private change(state: ReadyState): void {
    this.readyState = state;
    this.onreadystatechange?.();
  }
}

/** Installs the fetch-based XMLHttpRequest when the environment has none (Node). */
export function ensureXmlHttpRequest(): void {
  const scope = globalThis as { XMLHttpRequest?: unknown };
  if (typeof scope.XMLHttpRequest === 'undefined') scope.XMLHttpRequest = FetchXmlHttpRequest;
}
