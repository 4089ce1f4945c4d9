/**
 * Checks made on every request and upgrade before anything routes or parses it (docs/security.md
 * "HTTP headers and origins" and "Honest errors"): the `Host` must name this server, and the URL
 * and the header block have limits answered with their own status — 414 and 431 — in the
 * envelope. What Node's HTTP parser refuses on its own is answered in the envelope too.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { answerSocket, type Refusal } from './raw-answer';
import type { OriginPolicy } from './origins';

export const MAX_URL_BYTES = 16 * 1024;
export const MAX_HEADER_BYTES = 16 * 1024;
/**
 * Node's parser limit (request line plus headers): well above ours, so that ours answer first and
 * exactly; past it the parser's refusal is told apart by `requestLineOverflowed`.
 */
export const PARSER_MAX_HEADER_BYTES = 256 * 1024;

/**
 * The answer to a request that arrives while the server closes (a rolling restart): 503, retried
 * elsewhere by the proxy or later by the client (docs/architecture.md §5).
 */
export const DRAINING: Refusal = {
  code: 'SERVICE_UNAVAILABLE',
  message: 'The server is restarting; please try again',
  headers: { 'Retry-After': '1' },
};

/**
 * The header block's size, from `rawHeaders`' `name, value` pairs. HTTP/2's pseudo-headers are
 * left out (here and below): `:path` is the URL, limited on its own as HTTP/1.1's request line is
 * (http2.ts).
 */
function headerBytes(request: IncomingMessage): number {
  const raw = request.rawHeaders;
  let size = 0;
  // Each header line is `name: value\r\n`.
  for (let i = 0; i + 1 < raw.length; i += 2)
    if (raw[i]![0] !== ':') size += Buffer.byteLength(raw[i]!) + Buffer.byteLength(raw[i + 1]!) + 4;
  return size;
}

/**
 * Whether the header block is surely within MAX_HEADER_BYTES without measuring it: no character
 * takes more than three bytes in UTF-8. Every request passes here, and nearly all are far below.
 */
function surelySmallHeaders(request: IncomingMessage): boolean {
  const raw = request.rawHeaders;
  let chars = 0;
  for (let i = 0; i + 1 < raw.length; i += 2)
    if (raw[i]![0] !== ':') chars += raw[i]!.length + raw[i + 1]!.length + 2;
  return 3 * chars <= MAX_HEADER_BYTES;
}

function shown(value: string): string {
  return value.length > 80 ? `${value.slice(0, 80)}…` : value;
}

export function requestRefusal(request: IncomingMessage, origins: OriginPolicy): Refusal | null {
  const host = request.headers.host;
  if (!origins.allowsHost(host)) {
    return {
      code: 'MISDIRECTED_REQUEST',
      message: host
        ? `This server does not answer for the host "${shown(host)}"`
        : 'The request has no Host header',
    };
  }
  if ((request.url ?? '').length > MAX_URL_BYTES) {
    return { code: 'URI_TOO_LONG', message: `The URL is longer than ${MAX_URL_BYTES / 1024} KB` };
  }
  if (!surelySmallHeaders(request) && headerBytes(request) > MAX_HEADER_BYTES) {
    return {
      code: 'HEADERS_TOO_LARGE',
      message: `The request headers are larger than ${MAX_HEADER_BYTES / 1024} KB`,
    };
  }
  return null;
}

/**
 * Whether the parser gave up inside the request line, from the chunk it gave up on: a chunk that
 * starts the request tells by where its first line ends; a later chunk holds the end of the
 * request line when its first line ends with the HTTP version; a chunk with no line end at all is
 * read as the middle of the request line (an over-long header line is answered 414 then too).
 */
export function requestLineOverflowed(packet: unknown): boolean {
  if (!Buffer.isBuffer(packet)) return false;
  const end = packet.indexOf('\r\n');
  if (end === -1) return true;
  const firstLine = packet.subarray(0, end).toString('latin1');
  if (/^[A-Z]+ /.test(firstLine)) return end > MAX_URL_BYTES;
  return / HTTP\/\d\.\d$/.test(firstLine);
}

/**
 * Fastify's `clientErrorHandler`: Node's parser refused the request before there was one to
 * route (RFC 9112 §3: a server answers 414 for a long request line, 431 for large headers).
 */
export function answerClientError(
  error: NodeJS.ErrnoException & { rawPacket?: unknown },
  socket: Duplex,
): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  let refusal: Refusal;
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    refusal = requestLineOverflowed(error.rawPacket)
      ? { code: 'URI_TOO_LONG', message: `The URL is longer than ${MAX_URL_BYTES / 1024} KB` }
      : {
          code: 'HEADERS_TOO_LARGE',
          message: `The request headers are larger than ${MAX_HEADER_BYTES / 1024} KB`,
        };
  } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    refusal = { code: 'REQUEST_TIMEOUT', message: 'The request did not arrive in time' };
  } else {
    refusal = { code: 'BAD_REQUEST', message: 'The HTTP request could not be read' };
  }
  answerSocket(socket, '/', refusal);
  // The answer is flushed by end(); a client that keeps sending is cut off shortly after.
  setTimeout(() => socket.destroy(), 1000).unref();
}
