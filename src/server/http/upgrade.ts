/**
 * One dispatcher for HTTP upgrades on the single port: each path (`/xmpp-websocket`, `/socket`)
 * registers its handler; anything else is refused. Every upgrade first passes the request guard
 * (`Host`) and the Origin check against the configured origins (docs/security.md "HTTP headers
 * and origins"), so no WebSocket handler can forget them.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ErrorCode } from '../../shared/api/envelope';
import type { OriginPolicy } from './origins';
import { answerSocket } from './raw-answer';
import { requestRefusal } from './request-guard';

export type UpgradeHandler = (request: IncomingMessage, socket: Duplex, head: Buffer) => void;

export class UpgradeRouter {
  readonly #routes = new Map<string, UpgradeHandler>();
  readonly #origins: () => OriginPolicy;

  constructor(origins: () => OriginPolicy) {
    this.#origins = origins;
  }

  add(path: string, handler: UpgradeHandler): void {
    this.#routes.set(path, handler);
  }

  handle = (request: IncomingMessage, socket: Duplex, head: Buffer): void => {
    const path = (request.url ?? '/').split('?')[0]!;
    const origins = this.#origins();
    const refused = requestRefusal(request, origins);
    if (refused) return answerSocket(socket, path, refused);
    // RFC 6455 §10.2: a browser names the page's origin; only our own pages may open a socket.
    if (!origins.allowsOrigin(request.headers.origin)) {
      return reject(socket, 'FORBIDDEN', 'Pages of this origin may not open a socket here');
    }
    const handler = this.#routes.get(path);
    if (!handler) return reject(socket, 'NOT_FOUND', `No socket at ${path}`);
    handler(request, socket, head);
  };
}

/** Refuses an upgrade with an envelope answer and closes the socket. */
export function reject(socket: Duplex, code: ErrorCode, message: string): void {
  answerSocket(socket, '/', { code, message });
}
