import { describe, expect, it } from 'vitest';
import { clampPage, pageCount, visiblePages } from '../../../src/app/components/page-math';
import { ChunkLoadError, withTimeout } from '../../../src/app/router/lazy-chunk';

describe('pagination arithmetic', () => {
  it('counts pages and clamps the current one', () => {
    expect(pageCount(0, 10)).toBe(1);
    expect(pageCount(101, 10)).toBe(11);
    expect(clampPage(99, 101, 10)).toBe(11);
    expect(clampPage(0, 101, 10)).toBe(1);
  });

  it('shows the first, last and neighbouring pages with gaps', () => {
    expect(visiblePages(5, 10)).toEqual([1, null, 4, 5, 6, null, 10]);
    expect(visiblePages(1, 3)).toEqual([1, 2, 3]);
  });
});

describe('lazy route chunks (spec §8: 120 s)', () => {
  function fakeTimers() {
    let pending: (() => void) | null = null;
    return {
      timers: { setTimeout: (fn: () => void) => ((pending = fn), 1), clearTimeout: () => (pending = null) },
      fire: () => pending?.(),
      get armed() {
        return pending !== null;
      },
    };
  }

  it('fail with ChunkLoadError when the chunk does not arrive in time', async () => {
    const clock = fakeTimers();
    const loading = withTimeout(() => new Promise(() => undefined), 120_000, clock.timers);
    clock.fire();
    await expect(loading).rejects.toBeInstanceOf(ChunkLoadError);
  });

  it('resolve and disarm the timer when the chunk arrives', async () => {
    const clock = fakeTimers();
    await expect(withTimeout(async () => 'page', 120_000, clock.timers)).resolves.toBe('page');
    expect(clock.armed).toBe(false);
  });

  it('turn a failed import into ChunkLoadError with its cause', async () => {
    const cause = new TypeError('Failed to fetch dynamically imported module');
    const error = await withTimeout(() => Promise.reject(cause), 120_000, fakeTimers().timers).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as Error).cause).toBe(cause);
  });
});
