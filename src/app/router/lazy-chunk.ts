/**
 * Route chunks are loaded lazily; a chunk that has not arrived after 120 s (spec §8, §9) is an
 * error, shown by the route's error screen with a retry.
 */
import { CHUNK_LOAD_TIMEOUT_MS } from '../../shared/constants';

export class ChunkLoadError extends Error {
  constructor(message = 'The page could not be loaded', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChunkLoadError';
  }
}

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: Timers = {
  setTimeout: (fn, ms) => globalThis.setTimeout(fn, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export function withTimeout<T>(
  load: () => Promise<T>,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
  timers: Timers = realTimers,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = timers.setTimeout(
      () => reject(new ChunkLoadError(`The page did not load within ${Math.round(timeoutMs / 1000)} s`)),
      timeoutMs,
    );
    load().then(
      (value) => {
        timers.clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        timers.clearTimeout(timer);
        reject(
          new ChunkLoadError(error instanceof Error ? error.message : 'The page could not be loaded', {
            cause: error,
          }),
        );
      },
    );
  });
}
