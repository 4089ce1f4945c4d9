/**
 * One dispatcher for HTTP upgrades on the single port: each path prefix (`/xmpp-websocket`,
 * `/socket`) registers its handler; anything else is refused.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';

export type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

export class UpgradeRouter {
  readonly #routes = new Map<string, UpgradeHandler>();

  add(path: string, handler: UpgradeHandler): void {
    this.#routes.set(path, handler);
  }

  handle = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const path = (request.url ?? '/').split('?')[0]!;
    const handler = this.#routes.get(path);
    if (!handler) return reject(socket, 404, 'Not Found');
    handler(request, socket, head);
  };
}

export function reject(socket: Duplex, status: number, text: string): void {
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\nContent-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
  );
}
