/**
 * When the connections start (issue 28; docs/performance.md "The connections after the first
 * screen"): after the page's first paint, once none of the own API's requests is in flight, and
 * after the paint that follows — the first screen's answers shown — or FIRST_SCREEN_WAIT_MS after
 * the first paint at the latest. The chat's and the app socket's code and login then do not run
 * between the page's requests and the paint of their answers, the page's largest paint on
 * /message and a report.
 */
import { afterNextPaint } from './after-paint';

/** What the page is still fetching: the own API's requests in flight (api/in-flight.ts). */
export interface PageFetches {
  readonly count: number;
  subscribe(listener: () => void): () => void;
}

/** How long after the first paint the connections wait for the page's answers at most. */
export const FIRST_SCREEN_WAIT_MS = 2_000;

/** Schedules `work`; the returned function cancels it if it has not run yet. */
export function afterFirstScreen(
  work: () => void,
  fetches: PageFetches,
  waitMs = FIRST_SCREEN_WAIT_MS,
): () => void {
  let done = false;
  let cancelPaint: () => void = () => undefined;
  let stopListening: () => void = () => undefined;
  let deadline: ReturnType<typeof setTimeout> | undefined;
  const stop = () => {
    done = true;
    cancelPaint();
    stopListening();
    clearTimeout(deadline);
  };
  const run = () => {
    if (done) return;
    stop();
    work();
  };
  // After a paint: run if nothing is in flight; else wait until nothing is, and for a paint again.
  const settle = () => {
    if (fetches.count === 0) return run();
    stopListening = fetches.subscribe(() => {
      if (fetches.count > 0) return;
      stopListening();
      cancelPaint = afterNextPaint(settle);
    });
  };
  cancelPaint = afterNextPaint(() => {
    deadline = setTimeout(run, waitMs);
    settle();
  });
  return stop;
}
