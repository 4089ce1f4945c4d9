/**
 * Route chunks are loaded lazily; a chunk that has not arrived after 120 s (spec §8, §9) is an
 * error, shown by the route's error screen with a retry.
 */
import { CHUNK_LOAD_TIMEOUT_MS } from '../../shared/constants';
import { realScheduler, type Scheduler } from '../../shared/time/scheduler';

export class ChunkLoadError extends Error {
  constructor(message = 'The page could not be loaded', options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'ChunkLoadError';
  }
}

/** What the chunk timeout uses of the shared scheduler (src/shared/scheduler.ts). */
export type Timers = Pick<Scheduler, 'setTimeout' | 'clearTimeout'>;

export function withTimeout<T>(
  load: () => Promise<T>,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
  timers: Timers = realScheduler,
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
