/**
 * Session expiry tracking (docs/wire/hosted-chat.md §2.7; spec §9 "Session live interval 120 min;
 * token expiry set 1 min early; session-expiry check every 5 s"): after each GET or POST the
 * `QB-Token-ExpirationDate` header (`YYYY-MM-DD HH:MM:SS UTC`) minus one minute, or now − 1 min +
 * 120 min without it. The clock and timers are injected (docs/conventions.md 3).
 */
import {
  CHAT_SESSION_CHECK_MS,
  CHAT_SESSION_LIVE_MINUTES,
  CHAT_TOKEN_EXPIRY_MARGIN_MS,
} from '../../shared/constants';
import { realScheduler, type RepeatingScheduler } from '../../shared/time/scheduler';

/** What the expiry check uses of the shared scheduler (src/shared/scheduler.ts). */
export type Clock = Pick<RepeatingScheduler, 'now' | 'setInterval' | 'clearInterval'>;

/** `2016-05-02 19:52:00 UTC` → epoch ms, or null when unreadable. */
export function parseExpirationHeader(value: string | null): number | null {
  const match = value
    ? /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(?:\s*UTC|Z)?$/.exec(value.trim())
    : null;
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match.map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return Date.UTC(y, mo - 1, d, h, mi, s);
}

export class SessionExpiry {
  readonly #clock: Clock;
  readonly #liveMs: number;
  #expiresAt: number | null = null;

  constructor(clock: Clock = realScheduler, liveMinutes = CHAT_SESSION_LIVE_MINUTES) {
    this.#clock = clock;
    this.#liveMs = liveMinutes * 60_000;
  }

  /** When the token is considered expired (already one minute early); null without a session. */
  get expiresAt(): number | null {
    return this.#expiresAt;
  }

  /** After a GET or POST answer: the header's time − 1 min, or now − 1 min + the live interval. */
  update(header: string | null): void {
    const fromHeader = parseExpirationHeader(header);
    this.#expiresAt = (fromHeader ?? this.#clock.now() + this.#liveMs) - CHAT_TOKEN_EXPIRY_MARGIN_MS;
  }

  clear(): void {
    this.#expiresAt = null;
  }

  isExpired(): boolean {
    return this.#expiresAt !== null && this.#clock.now() >= this.#expiresAt;
  }

  /** Calls `onExpired` once when a check (every 5 s) finds the token expired; returns a stop function. */
  watch(onExpired: () => void, everyMs = CHAT_SESSION_CHECK_MS): () => void {
    let stopped = false;
    const handle = this.#clock.setInterval(() => {
      if (stopped || !this.isExpired()) return;
      stop();
      onExpired();
    }, everyMs);
    const stop = () => {
      if (stopped) return;
      stopped = true;
      this.#clock.clearInterval(handle);
    };
    return stop;
  }
}
