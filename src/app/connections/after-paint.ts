/**
 * Work that must not delay the page's first paint (issue 28; docs/performance.md "Where the main
 * thread goes"): it runs in a task after the next frame is painted — a frame callback, then a
 * timer, since the paint happens between the two. A hidden page paints no frames, so a timeout
 * runs it all the same; without frames at all (Node) it runs after the current task.
 */

/** How long work waits for a frame that may never come (a tab opened in the background). */
export const PAINT_WAIT_MS = 250;

/** Schedules `work`; the returned function cancels it if it has not run yet. */
export function afterNextPaint(work: () => void, waitMs = PAINT_WAIT_MS): () => void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(fallback);
    if (frame !== null) cancelAnimationFrame(frame);
    work();
  };
  const hasFrames = typeof requestAnimationFrame === 'function';
  const fallback = setTimeout(run, hasFrames ? waitMs : 0);
  const frame = hasFrames ? requestAnimationFrame(() => setTimeout(run, 0)) : null;
  return () => {
    done = true;
    clearTimeout(fallback);
    if (frame !== null) cancelAnimationFrame(frame);
  };
}
