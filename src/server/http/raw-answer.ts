/**
 * Error answers written outside Fastify — by the request guard, the upgrade router, the chat proxy
 * and the HTTP parser's error handler — in the same shapes as Fastify's: the envelope, or the
 * vendor's `{ errors }` under `/qb` (docs/wire/hosted-chat.md §2.4), with the same security headers.
 */
import type { ServerResponse } from 'node:http';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { ERROR_CODES, type ErrorCode } from '../../shared/api/envelope';
import { isHttp2 } from './http2';
import { rawAnswerHeaders } from './security-headers';

export interface Refusal {
  code: ErrorCode;
  message: string;
  headers?: Record<string, string>;
}

/** Paths answered in the vendor's shape. */
export const VENDOR_PATH = /^\/qb(\/|$)/;

function body(path: string, refusal: Refusal): string {
  return JSON.stringify(
    VENDOR_PATH.test(path)
      ? { errors: [refusal.message] }
      : { code: refusal.code, message: refusal.message, data: null },
  );
}

/** `close` ends an HTTP/1.1 connection after the answer; HTTP/2 has no such field (http2.ts). */
function headersOf(text: string, refusal: Refusal, close: boolean): Record<string, string> {
  return {
    ...rawAnswerHeaders(),
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': String(Buffer.byteLength(text)),
    ...(close ? { Connection: 'close' } : {}),
    ...refusal.headers,
  };
}

/** Answers an HTTP request that Fastify never sees. */
export function answerRaw(response: ServerResponse, path: string, refusal: Refusal): void {
  const text = body(path, refusal);
  response.writeHead(ERROR_CODES[refusal.code], headersOf(text, refusal, !isHttp2(response.req))).end(text);
}

/** Answers on a bare socket (an upgrade, or a request the HTTP parser refused) and closes it. */
export function answerSocket(socket: Duplex, path: string, refusal: Refusal): void {
  if (!socket.writable) {
    socket.destroy();
    return;
  }
  const status = ERROR_CODES[refusal.code];
  const text = body(path, refusal);
  const head = Object.entries(headersOf(text, refusal, true)).map(([name, value]) => `${name}: ${value}\r\n`);
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n${head.join('')}\r\n${text}`);
}
