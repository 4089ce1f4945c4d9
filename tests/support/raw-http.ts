/**
 * HTTP as an attacker or a broken client sends it: any Host, any URL length, raw bytes on a
 * socket, a WebSocket upgrade with any Origin. `fetch` normalises all of these away.
 */
import http from 'node:http';
import net from 'node:net';
import { WebSocket } from 'ws';

export interface RawAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  /** The body parsed as JSON, or null when it is not JSON. */
  json: Record<string, unknown> | null;
}

function parse(text: string): Record<string, unknown> | null {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
}

export function rawRequest(
  baseUrl: string,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<RawAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: options.method ?? 'GET',
        path: options.path,
        headers: options.headers,
        agent: false,
      },
      (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json: parse(text) }),
        );
      },
    );
    request.on('error', reject);
    request.end(options.body);
  });
}

/** Writes `bytes` on a fresh connection and returns everything the server answers before closing. */
export function rawExchange(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    let answer = '';
    const socket = net.connect(port, '127.0.0.1', () => socket.write(bytes));
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(answer));
    setTimeout(() => socket.destroy(), 5000).unref();
  });
}

/** Opens a WebSocket with the given headers: 101 when it opens, else the refusal's status and body. */
export function tryUpgrade(
  url: string,
  protocol: string,
  headers: Record<string, string>,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve) => {
    const socket = new WebSocket(url, protocol, { headers });
    socket.on('open', () => {
      socket.close();
      resolve({ status: 101, body: '' });
    });
    socket.on('unexpected-response', (_request, response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => (body += chunk.toString()));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    socket.on('error', () => resolve({ status: 0, body: '' }));
  });
}
