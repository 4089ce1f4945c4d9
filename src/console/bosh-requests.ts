/**
 * BOSH requests of the console's own chat users (docs/console.md): Strophe's BOSH transport speaks
 * XMLHttpRequest, so on the console page each request to `/http-bind` is recorded with its
 * `<body/>` wrapper, status and duration. The portal is not touched (it chats over WebSocket).
 */
import { recorder } from './recorder';

let label = 'bosh';
let installed = false;

/** Names the connection the next BOSH requests belong to, and starts recording them once. */
export function recordBoshRequests(connection: string): void {
  label = connection;
  if (installed) return;
  installed = true;
  const open = XMLHttpRequest.prototype.open;
  const send = XMLHttpRequest.prototype.send;
  const urls = new WeakMap<XMLHttpRequest, string>();
  XMLHttpRequest.prototype.open = function (this: XMLHttpRequest, ...args: Parameters<typeof open>) {
    urls.set(this, String(args[1]));
    return open.apply(this, args);
  } as typeof open;
  XMLHttpRequest.prototype.send = function (
    this: XMLHttpRequest,
    body?: Document | XMLHttpRequestBodyInit | null,
  ) {
    const url = urls.get(this);
    if (url?.includes('/http-bind')) {
      const started = performance.now();
      const where = label;
      this.addEventListener('loadend', () =>
        recorder.bosh(where, {
          url,
          status: this.status || null,
          durationMs: performance.now() - started,
          requestBody: typeof body === 'string' ? body : '',
          responseBody: this.responseText,
        }),
      );
    }
    return send.call(this, body);
  };
}
