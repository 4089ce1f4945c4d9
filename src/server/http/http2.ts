/**
 * HTTP/2 on the server's own TLS port (docs/architecture.md §1 "The server"; docs/performance.md
 * "HTTP/2 on the TLS port"): browsers that offer `h2` in ALPN get it, every other client
 * (the vendor's SDK in Node, WebSocket upgrades, curl without `--http2`) HTTP/1.1 on the same port.
 * What HTTP/2 changes for code written against HTTP/1.1 is here: the request's authority comes in
 * the `:authority` pseudo-header rather than `Host` (RFC 9113 §8.3.1), and connection-specific
 * header fields are not allowed in either direction (RFC 9113 §8.2.2), so a proxy passes on only
 * the end-to-end ones (RFC 9110 §7.6.1).
 */
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders } from 'node:http';

/** Connection-specific fields (RFC 9110 §7.6.1, RFC 9113 §8.2.2), which a proxy does not pass on. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'transfer-encoding',
  'upgrade',
  'te',
  'trailer',
  'http2-settings',
]);

/** Whether the request came over HTTP/2. */
export function isHttp2(request: Pick<IncomingMessage, 'httpVersionMajor'>): boolean {
  return request.httpVersionMajor === 2;
}

/**
 * Gives an HTTP/2 request the `Host` its `:authority` names (RFC 9113 §8.3.1), so the checks of
 * request-guard.ts, the origins and the pages read one header for both versions. A `Host` the
 * client sent itself stays: the request guard checks it like any other.
 */
export function hostFromAuthority(request: IncomingMessage): void {
  if (!isHttp2(request) || request.headers.host !== undefined) return;
  const authority = request.headers[':authority'];
  if (typeof authority === 'string') request.headers.host = authority;
}

/** The end-to-end fields of a message: no pseudo-header and no connection-specific field. */
export function endToEndHeaders(
  headers: IncomingHttpHeaders | OutgoingHttpHeaders,
): Record<string, string | string[] | number> {
  const out: Record<string, string | string[] | number> = {};
  for (const [name, value] of Object.entries(headers))
    if (value !== undefined && !name.startsWith(':') && !HOP_BY_HOP.has(name.toLowerCase()))
      out[name] = value;
  return out;
}
