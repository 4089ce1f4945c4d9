/**
 * Token checks are the hottest read (docs/architecture.md §3 "keep hot reads cheap"): a checked session is
 * remembered for a couple of seconds, and forgotten at once when this process ends it
 * (`session.ended`). Another server instance may honour an ended token for at most TTL_MS.
 */
import type { SessionEndReason } from '../db/schema';
import type { EventBus } from '../events/event-bus';

export const SESSION_CACHE_TTL_MS = 2_000;
const MAX_ENTRIES = 10_000;

export interface CachedSession {
  sessionId: number;
  providerId: number;
  chatId: number;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  endReason: SessionEndReason | null;
}

export class SessionCache {
  readonly #entries = new Map<string, { session: CachedSession; until: number }>();
  readonly #reading = new Map<string, Promise<unknown>>();

  constructor(events?: EventBus) {
    events?.on('session.ended', ({ sessionId }) => this.forgetSession(sessionId));
  }

  get(tokenHash: string, now: number): CachedSession | null {
    const entry = this.#entries.get(tokenHash);
    if (!entry) return null;
    if (entry.until <= now) {
      this.#entries.delete(tokenHash);
      return null;
    }
    return entry.session;
  }

  set(tokenHash: string, session: CachedSession, now: number): void {
    if (this.#entries.size >= MAX_ENTRIES) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(tokenHash, { session, until: now + SESSION_CACHE_TTL_MS });
  }

  /**
   * Runs `read` for a token not in the cache, once at a time: the requests that miss together
   * (those in flight when an entry's time is up) share one read of the database.
   */
  readOnce<T>(tokenHash: string, read: () => Promise<T>): Promise<T> {
    const running = this.#reading.get(tokenHash) as Promise<T> | undefined;
    if (running) return running;
    const started = read().finally(() => this.#reading.delete(tokenHash));
    this.#reading.set(tokenHash, started);
    return started;
  }

  forgetSession(sessionId: number): void {
    for (const [hash, entry] of this.#entries)
      if (entry.session.sessionId === sessionId) this.#entries.delete(hash);
  }
}
