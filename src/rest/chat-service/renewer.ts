/**
 * The session renewal behind the §2.6 expired-session hook (docs/wire/hosted-chat.md §2.6, spec §8
 * "Expired session … triggers a session-expired hook and the request is retried"): one renewal at
 * a time, shared by every request that met the expired session while it runs; a request that was
 * sent before the last renewal finished takes that renewal's session instead of starting another;
 * a failed renewal is reported to `onFailure` and each caller gets the error of its own request.
 */
import type { ChatSession } from './client';

export interface SessionRenewerOptions {
  /** Gets a new session (logged in, if the client was). Must not itself go through the hook. */
  renew(): Promise<ChatSession>;
  /** Told once when a renewal failed (the callers get their own errors). */
  onFailure?(error: unknown): void;
}

export interface SessionRenewer {
  /** The shared renewal: starts one unless one runs. Rejects with its error. */
  renew(): Promise<ChatSession>;
  /** For `ChatServiceOptions.onSessionExpired`: the new session, or null to pass the error through. */
  onSessionExpired(error: unknown, sentToken: string | null): Promise<ChatSession | null>;
}

export function createSessionRenewer(options: SessionRenewerOptions): SessionRenewer {
  let running: Promise<ChatSession> | null = null;
  let last: ChatSession | null = null;

  const renew = (): Promise<ChatSession> => {
    running ??= options.renew().then(
      (session) => {
        last = session;
        running = null;
        return session;
      },
      (error: unknown) => {
        running = null;
        options.onFailure?.(error);
        throw error;
      },
    );
    return running;
  };

  return {
    renew,
    async onSessionExpired(_error, sentToken) {
      // Sent with a token that a finished renewal has replaced: retry with the new one.
      if (!running && last && sentToken !== last.token) return last;
      try {
        return await renew();
      } catch {
        // Reported once by the renewal itself; the caller gets its own error (§2.6 passThrough).
        return null;
      }
    },
  };
}
