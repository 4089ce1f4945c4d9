/**
 * The open, authenticated app sockets of this server process, by provider, portal session and
 * chat id. One process owns its sockets (docs/architecture.md §5: fan-out across instances would go through
 * a broker); `appSockets` is that process's registry.
 */
import type { SocketSession } from './socket-session';

export class SocketRegistry {
  readonly #all = new Set<SocketSession>();

  add(session: SocketSession): void {
    this.#all.add(session);
  }

  remove(session: SocketSession): void {
    this.#all.delete(session);
  }

  get size(): number {
    return this.#all.size;
  }

  forProvider(providerId: number): SocketSession[] {
    return [...this.#all].filter((s) => s.auth?.providerId === providerId);
  }

  forPortalSession(sessionId: number): SocketSession[] {
    return [...this.#all].filter((s) => s.auth?.sessionId === sessionId);
  }

  forChatId(chatId: number): SocketSession[] {
    return [...this.#all].filter((s) => s.auth?.chatId === chatId);
  }

  /** A provider with an open app socket has the portal open (used by notifyOfflineMessage). */
  isOnline(providerId: number): boolean {
    return [...this.#all].some((s) => s.auth?.providerId === providerId);
  }

  all(): SocketSession[] {
    return [...this.#all];
  }
}

export const appSockets = new SocketRegistry();
