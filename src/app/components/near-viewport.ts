/**
 * Work that waits until its box comes near the viewport (docs/performance.md "Below the fold, on
 * the way"): a chart's engine, a report's lower sections. A page then renders, asks for and draws
 * what she sees first; the rest comes as she scrolls to it, NEAR_VIEWPORT before it shows.
 */

/** How far below the viewport a box starts its work, so it is ready by the time it scrolls in. */
export const NEAR_VIEWPORT = '200px';

/** Resolves when `element` first comes near the viewport (at once where there is no observer). */
export function nearViewport(element: Element, signal: AbortSignal): Promise<void> {
  if (typeof IntersectionObserver === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        resolve();
      },
      { rootMargin: NEAR_VIEWPORT },
    );
    observer.observe(element);
    signal.addEventListener('abort', () => observer.disconnect());
  });
}

/**
 * Resolves on the first Tab pressed in the document: moving through the page with the keyboard
 * reaches controls in the order of the page, so what waits must be there before focus passes it.
 */
export function firstTab(signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Tab') return;
      document.removeEventListener('keydown', onKey, true);
      resolve();
    };
    document.addEventListener('keydown', onKey, true);
    signal.addEventListener('abort', () => document.removeEventListener('keydown', onKey, true));
  });
}
