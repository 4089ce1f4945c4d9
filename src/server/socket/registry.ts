/**
 * The open, authenticated app sockets of this server process, by provider, portal session and
 * chat id. One process owns its sockets; what other processes need to know of them (whether a
 * provider is online) is kept in the database by presence.ts (docs/architecture.md §5 "Several
 * processes"). `appSockets` is this process's registry.
 */
import type { SocketSession } from './socket-session';

/** Told the provider's number of sockets on this process after each change. */
export type ProviderSocketsListener = (providerId: number, sockets: number) => void;

export class SocketRegistry {
  readonly #all = new Set<SocketSession>();
  readonly #listeners = new Set<ProviderSocketsListener>();

  add(session: SocketSession): void {
    if (this.#all.has(session)) return;
    this.#all.add(session);
    this.#changed(session);
  }

  remove(session: SocketSession): void {
    if (this.#all.delete(session)) this.#changed(session);
  }

  /** Returns the function that stops listening. */
  onProviderSockets(listener: ProviderSocketsListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #changed(session: SocketSession): void {
    const providerId = session.auth?.providerId;
    if (providerId === undefined || providerId === null) return;
    const sockets = this.forProvider(providerId).length;
    for (const listener of this.#listeners) listener(providerId, sockets);
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

  /** A provider with an open app socket on this process has the portal open. */
  isOnline(providerId: number): boolean {
    return [...this.#all].some((s) => s.auth?.providerId === providerId);
  }

  all(): SocketSession[] {
    return [...this.#all];
  }
}

export const appSockets = new SocketRegistry();
