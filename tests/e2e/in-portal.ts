/**
 * Moving between the portal's screens without loading the page again, for tests that visit many
 * screens of one signed-in page. A page load costs the renderer 0.25–0.5 s of CPU and starts the
 * chat and the app socket again; the router's own navigation costs it 0.05–0.3 s
 * (docs/testing.md "Where the whole run's CPU goes").
 */
import { expect, type Page, type Request } from '@playwright/test';

/**
 * Opens `path` through the router's history, as the portal's own links do: no page load. Waits until
 * what the page showed before is gone or hidden (a kept-alive page stays mounted, hidden), so a wait
 * for the new screen's content cannot be met by the old screen's.
 */
export async function openInPortal(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    for (const shown of document.querySelectorAll('main > *')) shown.setAttribute('data-left-behind', '');
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  await expect(page.locator('[data-left-behind]:visible')).toHaveCount(0);
}

/**
 * The page's requests in flight, for a wait that `waitForLoadState('networkidle')` cannot give after
 * a navigation without a page load: `quiet()` resolves once none has been in flight for `quietMs`
 * (Playwright's own network idle is 500 ms), and fails naming them after `limitMs`, a safety net.
 * WebSockets are not requests and do not count.
 */
export function requestsOf(page: Page, quietMs = 500, limitMs = 60_000): { quiet(): Promise<void> } {
  const inFlight = new Set<Request>();
  let changed = Date.now();
  const started = (request: Request) => {
    inFlight.add(request);
    changed = Date.now();
  };
  const ended = (request: Request) => {
    inFlight.delete(request);
    changed = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return {
    async quiet() {
      const until = Date.now() + limitMs;
      for (;;) {
        const since = Date.now() - changed;
        if (inFlight.size === 0 && since >= quietMs) return;
        if (Date.now() > until)
          throw new Error(
            `Requests still in flight after ${limitMs} ms: ${[...inFlight].map((r) => r.url()).join(', ')}`,
          );
        await new Promise((resolve) => setTimeout(resolve, inFlight.size === 0 ? quietMs - since : 100));
      }
    },
  };
}
