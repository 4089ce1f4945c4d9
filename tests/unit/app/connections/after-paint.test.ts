/**
 * The connections start after the page's first paint (src/app/connections/after-paint.ts;
 * docs/performance.md "Where the main thread goes"): after a frame and the task that follows it,
 * or after the wait when no frame comes (a hidden tab), once, and never once cancelled.
 */
import { describe, expect, it, vi } from 'vitest';
import { useFakeFrames } from '../../../support/fake-frames';
import { afterNextPaint, PAINT_WAIT_MS } from '../../../../src/app/connections/after-paint';

describe('afterNextPaint', () => {
  const { paint } = useFakeFrames();

  it('runs in the task after the next frame, not before it', () => {
    const work = vi.fn();
    afterNextPaint(work);
    vi.advanceTimersByTime(0);
    expect(work).not.toHaveBeenCalled();
    paint();
    expect(work).not.toHaveBeenCalled();
    vi.advanceTimersByTime(0);
    expect(work).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(PAINT_WAIT_MS);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('runs after the wait when no frame comes, and not again at a late frame', () => {
    const work = vi.fn();
    afterNextPaint(work);
    vi.advanceTimersByTime(PAINT_WAIT_MS);
    expect(work).toHaveBeenCalledTimes(1);
    paint();
    vi.advanceTimersByTime(PAINT_WAIT_MS);
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('never runs once cancelled', () => {
    const work = vi.fn();
    const cancel = afterNextPaint(work);
    cancel();
    paint();
    vi.advanceTimersByTime(PAINT_WAIT_MS * 2);
    expect(work).not.toHaveBeenCalled();
  });

  it('runs after the current task where there are no frames (Node)', () => {
    vi.unstubAllGlobals();
    const saved = globalThis.requestAnimationFrame;
    // @ts-expect-error: a runtime without frames
    delete globalThis.requestAnimationFrame;
    try {
      const work = vi.fn();
      afterNextPaint(work);
      expect(work).not.toHaveBeenCalled();
      vi.advanceTimersByTime(0);
      expect(work).toHaveBeenCalledTimes(1);
    } finally {
      if (saved) globalThis.requestAnimationFrame = saved;
    }
  });
});
