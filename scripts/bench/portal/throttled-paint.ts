/**
 * The largest paint of portal pages with throttling applied rather than simulated
 * (docs/performance.md "The route's chunks beside the languages"): Debian's Chromium slowed by CDP
 * as Lighthouse's mobile profile assumes (150 ms latency, 1.6 Mbps down, 750 Kbps up, CPU 4×),
 * its cache off, the largest paint read with a PerformanceObserver. Two portal builds are served
 * side by side, each by a stack of its own (PORTAL_DIR), and opened in turns, so a busy moment of
 * the machine falls on both alike:
 *
 *   npx vite build --outDir /tmp/before --emptyOutDir   (on the old code)
 *   npx vite build --outDir /tmp/after --emptyOutDir    (on the new)
 *   npx tsx scripts/bench/portal/throttled-paint.ts /tmp/before /tmp/after [--rounds 6]
 *
 * `/login` opens signed out; every other page in a context signed in as Amelia through the form.
 */
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { provider } from '../../../fixtures';
import { CHROMIUM_ARGS } from '../../../playwright.config';
import { signInThroughForm } from '../../../tests/e2e/support';
import { startStack, type TestStack } from '../../../tests/support/stack';

const PAGES = ['/login', '/Dashboard/Dashboard'];
const NETWORK = {
  offline: false,
  latency: 150,
  downloadThroughput: (1.6 * 1024 * 1024) / 8,
  uploadThroughput: (750 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;
/** After the load event: the page's own requests (the signed-in queries) and their renders. */
const SETTLE_MS = 2_500;

function option(name: string, fallback: number): number {
  const at = process.argv.indexOf(name);
  const value = at < 0 ? fallback : Number(process.argv[at + 1]);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} takes a whole number, 1 or more`);
  return value;
}

async function signedIn(browser: Browser, stack: TestStack): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: stack.url });
  const page = await context.newPage();
  const amelia = provider('amelia');
  await signInThroughForm(page, amelia.email, amelia.password);
  await page.waitForURL(/\/Dashboard\/Dashboard$/);
  await page.close();
  return context;
}

/** One cold load of `url` under throttling: its largest paint in ms from navigation start. */
async function largestPaint(context: BrowserContext, url: string): Promise<number> {
  const page = await context.newPage();
  try {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Network.emulateNetworkConditions', NETWORK);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(SETTLE_MS);
    const at = await page.evaluate(
      () =>
        new Promise<number | null>((resolve) => {
          new PerformanceObserver((list) => resolve(list.getEntries().at(-1)?.startTime ?? null)).observe({
            type: 'largest-contentful-paint',
            buffered: true,
          });
          setTimeout(() => resolve(null), 1_000);
        }),
    );
    if (at === null) throw new Error(`No largest paint on ${url}`);
    return Math.round(at);
  } finally {
    await page.close();
  }
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1]!;

async function main(): Promise<void> {
  const builds = process.argv.slice(2, 4);
  if (builds.length !== 2 || builds.some((b) => b.startsWith('--')))
    throw new Error('Usage: throttled-paint.ts <portal build before> <portal build after> [--rounds N]');
  const rounds = option('--rounds', 6);
  const stacks: TestStack[] = [];
  let browser: Browser | null = null;
  try {
    for (const dir of builds) stacks.push(await startStack({ portal: true, env: { PORTAL_DIR: dir } }));
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
    const sessions = await Promise.all(stacks.map((stack) => signedIn(browser!, stack)));
    const paints = builds.map(() => PAGES.map(() => [] as number[]));
    for (let round = 0; round < rounds; round++) {
      // Each build first in turn.
      for (const b of round % 2 === 0 ? [0, 1] : [1, 0]) {
        for (const [p, path] of PAGES.entries()) {
          const context = path === '/login' ? await browser.newContext() : sessions[b]!;
          paints[b]![p]!.push(await largestPaint(context, `${stacks[b]!.url}${path}`));
          if (context !== sessions[b]) await context.close();
        }
      }
    }
    for (const [p, path] of PAGES.entries())
      for (const [b, dir] of builds.entries())
        console.log(
          `${path} ${dir}: largest paint median ${median(paints[b]![p]!)} ms (${paints[b]![p]!.join(' ')})`,
        );
  } finally {
    await browser?.close();
    for (const stack of stacks) await stack.stop({ remove: true });
  }
}

await main();
