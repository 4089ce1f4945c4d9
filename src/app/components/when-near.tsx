/**
 * Renders its children once its box comes near the viewport, or once she first presses Tab
 * (near-viewport.ts), and keeps them from then on; until then an empty box of `className` holds
 * their place. For the sections below a page's first screen whose queries and rendering would
 * otherwise run while the page loads (docs/performance.md "Below the fold, on the way").
 */
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { firstTab, nearViewport } from './near-viewport';

export function WhenNear({ className, children }: { className: string; children: ReactNode }) {
  const box = useRef<HTMLDivElement>(null);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (shown || !element) return;
    const waiting = new AbortController();
    void Promise.race([nearViewport(element, waiting.signal), firstTab(waiting.signal)]).then(() => {
      if (!waiting.signal.aborted) setShown(true);
    });
    return () => waiting.abort();
  }, [shown]);
  if (shown) return children;
  return <div ref={box} className={className} data-testid="when-near" />;
}
