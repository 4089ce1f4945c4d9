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
/** Node's parser limit (request line plus headers): above ours, so that ours answer first. */
export const PARSER_MAX_HEADER_BYTES = 64 * 1024;

function headerBytes(request: IncomingMessage): number {
  let size = 0;
  // Each header line is `name: value\r\n`.
  for (const part of request.rawHeaders) size += Buffer.byteLength(part) + 2;
  return size;
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
  if (headerBytes(request) > MAX_HEADER_BYTES) {
    return {
      code: 'HEADERS_TOO_LARGE',
      message: `The request headers are larger than ${MAX_HEADER_BYTES / 1024} KB`,
    };
  }
  return null;
}

/** A request line that did not end within the bytes the parser gave up on is an over-long URL. */
function requestLineOverflowed(packet: unknown): boolean {
  if (!Buffer.isBuffer(packet)) return false;
  const end = packet.indexOf('\r\n');
  return end === -1 || end > MAX_URL_BYTES;
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
