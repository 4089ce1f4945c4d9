/**
 * Animation frames under the test's control, with fake timers (vitest): `paint()` runs the frames
 * asked for so far, as the browser does when it paints. Used by the tests of
 * src/app/connections/after-paint.ts and after-first-screen.ts.
 */
import { afterEach, beforeEach, vi } from 'vitest';

/** Installs the frames around each test of the calling file; `paint` runs the frames waiting. */
export function useFakeFrames(): { paint(): void } {
  let frames: FrameRequestCallback[] = [];
  beforeEach(() => {
    vi.useFakeTimers();
    frames = [];
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback));
    vi.stubGlobal('cancelAnimationFrame', (handle: number) => {
      frames[handle - 1] = () => undefined;
    });
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });
  return { paint: () => frames.splice(0).forEach((frame) => frame(0)) };
}
