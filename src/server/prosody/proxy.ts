/**
 * `/xmpp-websocket` and `/http-bind` on our port, proxied to Prosody on loopback (docs/architecture.md §1).
 * Prosody 0.12 does not check `Origin` on WebSocket, so we do: the upgrade router refuses a page
 * of another origin before this proxy sees it (docs/security.md "HTTP headers and origins").
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import net from 'node:net';
import type { Duplex } from 'node:stream';
import { answerRaw } from '../http/raw-answer';
import { endToEndHeaders } from '../http/http2';
import { rawAnswerHeaders } from '../http/security-headers';
import { reject } from '../http/upgrade';

export const XMPP_WEBSOCKET_PATH = '/xmpp-websocket';
export const BOSH_PATH = '/http-bind';

const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;

/**
 * The client's address as the rest of the server sees it (`TRUST_PROXY`, README "Configuration"),
 * handed to Prosody as `X-Forwarded-For`: the chat-login limits count per address
 * (docs/security.md), so a reverse proxy in front must not make every client one address.
 */
export function clientAddress(request: IncomingMessage, trust = process.env.TRUST_PROXY): string {
  const socketAddress = request.socket.remoteAddress ?? '';
  const header = request.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  if (trust === '1') return forwarded[0] ?? socketAddress;
  if (trust !== 'loopback') return socketAddress;
  let address = socketAddress;
  for (const hop of [...forwarded].reverse()) {
    if (!LOOPBACK.test(address)) break;
    address = hop;
  }
  return address;
}

/** Raw TCP pass-through of the upgrade request: the WebSocket frames are Prosody's business. */
export function proxyXmppWebSocket(getPort: () => number | null) {
  return (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const port = getPort();
    if (!port) return reject(socket, 'SERVICE_UNAVAILABLE', 'The chat server is starting');
    let upgraded = false;
    // Chat stanzas are small: send each at once instead of waiting for more (Nagle, ~40 ms stalls).
    (socket as net.Socket).setNoDelay?.(true);
    const upstream = net.connect(port, '127.0.0.1', () => {
      upstream.setNoDelay(true);
      // Prosody's first bytes are its upgrade answer; from then on the stream is WebSocket frames.
      upstream.once('data', () => (upgraded = true));
      const lines = [`${request.method} ${request.url} HTTP/1.1`];
      for (let i = 0; i < request.rawHeaders.length; i += 2) {
        const name = request.rawHeaders[i]!;
        if (/^x-forwarded-for$/i.test(name)) continue;
        lines.push(`${name}: ${request.rawHeaders[i + 1]}`);
      }
      lines.push(`X-Forwarded-For: ${clientAddress(request)}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    const close = () => {
      upstream.destroy();
      socket.destroy();
    };
    upstream.on('error', () => {
      // Before the upgrade the client still speaks HTTP; after it, an HTTP answer would corrupt the stream.
      if (!upgraded && !socket.writableEnded) reject(socket, 'BAD_GATEWAY', 'The chat server is unavailable');
      close();
    });
    socket.on('error', close);
    socket.on('close', () => upstream.destroy());
    upstream.on('close', () => socket.destroy());
  };
}

/**
 * The most of a BOSH request without a length that is gathered to give it one (the API's own
 * body limit, src/server/app.ts); BOSH bodies are stanzas, far smaller.
 */
export const BOSH_UNSIZED_LIMIT = 1024 * 1024;

/**
 * A BOSH request's body, gathered, when it came without a length (chunked over HTTP/1.1, or
 * HTTP/2 without `content-length`): Prosody's BOSH reads only a body of known length and answers
 * any other `item-not-found`. Null when it passed BOSH_UNSIZED_LIMIT.
 */
function gathered(request: IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > BOSH_UNSIZED_LIMIT) {
        request.removeAllListeners('data');
        request.resume();
        resolve(null);
      } else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks)));
    request.on('error', reject);
    request.on('close', () => {
      if (!request.complete) reject(new Error('The request ended before its body'));
    });
  });
}

/**
 * BOSH long-poll requests streamed to Prosody; its CORS headers are dropped (same origin only) and
 * ours added.
 */
export function proxyBosh(getPort: () => number | null) {
  return (request: IncomingMessage, response: ServerResponse) => {
    const port = getPort();
    if (!port) {
      answerRaw(response, BOSH_PATH, { code: 'SERVICE_UNAVAILABLE', message: 'The chat server is starting' });
      return;
    }
    // Only the end-to-end fields pass, either way: an HTTP/2 request's pseudo-headers are no
    // HTTP/1.1 fields, and an HTTP/2 answer may not carry Prosody's connection fields (http2.ts).
    const headers = { ...endToEndHeaders(request.headers), 'x-forwarded-for': clientAddress(request) };
    const send = (body: Buffer | null) => {
      const upstream = http.request(
        {
          host: '127.0.0.1',
          port,
          method: request.method,
          path: request.url,
          headers: body ? { ...headers, 'content-length': String(body.length) } : headers,
        },
        (answer) => {
          const out = Object.fromEntries(
            Object.entries(endToEndHeaders(answer.headers)).filter(
              ([name]) => !name.startsWith('access-control-'),
            ),
          );
          // Prosody's answers carry the same security headers as ours (docs/security.md).
          response.writeHead(answer.statusCode ?? 502, { ...out, ...rawAnswerHeaders() });
          answer.pipe(response);
        },
      );
      upstream.on('error', () => {
        if (response.headersSent) response.end();
        else
          answerRaw(response, BOSH_PATH, { code: 'BAD_GATEWAY', message: 'The chat server is unavailable' });
      });
      request.on('aborted', () => upstream.destroy());
      if (body) upstream.end(body);
      else request.pipe(upstream);
    };
    const sized = request.headers['content-length'] !== undefined || request.method !== 'POST';
    if (sized) return send(null);
    gathered(request).then(
      (body) => {
        if (body) send(body);
        else
          answerRaw(response, BOSH_PATH, {
            code: 'PAYLOAD_TOO_LARGE',
            message: `A chat request without a length may be at most ${BOSH_UNSIZED_LIMIT / 1024} KB`,
          });
      },
      () => response.destroy(),
    );
  };
}
