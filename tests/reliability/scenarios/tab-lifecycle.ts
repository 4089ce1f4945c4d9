/**
 * The tab that holds the browser's one chat connection goes, in every way, while a member writes
 * (docs/reliability.md "Tabs and sessions"; docs/architecture.md §3 "One chat connection per
 * browser"). Each run opens another tab on the conversation with Clara (it follows the holder);
 * Clara writes and both show it; then the holder goes — closed, crashed (`chrome://crash` kills
 * its renderer: no page code runs), cut from the network and closed while offline, reloaded then
 * closed, left for another page (into the back/forward cache) then closed, or frozen then closed.
 * Right after, Clara writes to the provider and to the gone holder's own chat address. The new
 * tab takes the connection over and stays for the next run.
 *
 * Passes when, the resumption window plus 5 s after the last tab went, Prosody holds at most one
 * chat session for the provider (one browser, one connection); Clara got no message back as an
 * error; and the browser's chat connection — whichever tab held it — received every one of her
 * messages exactly once, those addressed to a tab that went included (mod_portal_undelivered).
 */
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../../playwright.config';
import { cameAs, chatTabs, type ChatTab, type ChatTabs } from '../chat-tabs';
import { poll, sleep, type SuiteContext } from '../context';
import { ms, p50p99, tally, whichOnes, type Row } from '../table';

export const WAYS = ['closed', 'crashed', 'network cut', 'reloaded', 'back/forward cache', 'frozen'] as const;
export type Way = (typeof WAYS)[number];

/** The tab goes, in one of the ways; answers whether it went into the back/forward cache. */
async function leave(tabs: ChatTabs, tab: ChatTab, way: Way, witness: ChatTab): Promise<boolean> {
  const { page } = tab;
  switch (way) {
    case 'closed':
      await page.close();
      return false;
    case 'crashed': {
      const crashed = page.waitForEvent('crash');
      // A debug URL: the tab's own renderer dies, no page event runs (the socket just drops).
      await page.goto('chrome://crash').catch(() => undefined);
      await crashed;
      await page.close();
      return false;
    }
    case 'network cut':
      await tab.cutNetwork();
      await page.close();
      return false;
    case 'reloaded':
      await tabs.reload(tab);
      await page.close();
      return false;
    case 'back/forward cache': {
      const key = 'reliability:pagehide-persisted';
      await page.evaluate((name) => {
        localStorage.removeItem(name);
        addEventListener('pagehide', (event) => localStorage.setItem(name, String(event.persisted)));
      }, key);
      await page.goto('/api/docs', { waitUntil: 'commit' });
      // Another tab of the same origin reads what the page said as it was hidden.
      const persisted = await poll(
        () => witness.page.evaluate((name) => localStorage.getItem(name) ?? false, key),
        'the page hidden',
        30_000,
      );
      await page.close();
      return persisted === 'true';
    }
    case 'frozen': {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Page.setWebLifecycleState', { state: 'frozen' });
      await page.close();
      return false;
    }
  }
}

export async function tabLifecycle(suite: SuiteContext): Promise<Row> {
  const runs = suite.counts.tabs;
  // The back/forward cache is off in Playwright's defaults; this row needs it.
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
    ignoreDefaultArgs: ['--disable-back-forward-cache'],
  });
  let tabs: ChatTabs | null = null;
  try {
    tabs = await chatTabs(suite, browser, 'tabs');
    const expected: string[] = [];
    const ways = new Map<Way, number>();
    const takeovers: number[] = [];
    let cached = 0;
    let shownTwice = 0;
    let holder = tabs.home;
    for (let i = 0; i < runs; i++) {
      const way = WAYS[i % WAYS.length]!;
      ways.set(way, (ways.get(way) ?? 0) + 1);
      let next: ChatTab;
      try {
        next = await tabs.open();
        if (!holder.holds() || next.holds())
          throw new Error(`Run ${i}: the new tab does not follow the holder`);
        const shown = `tl-${i} shown`;
        expected.push(await tabs.clara(shown));
        await tabs.shows(next, shown);
        await tabs.shows(holder, shown);
        // As a person would, the tab goes after its stream acknowledged what it showed (half a
        // second at most): what a tab that dies inside that half second showed is passed on to
        // the next holder and counts as a duplicate here (the portal shows it once, by its id).
        await poll(async () => holder.acknowledged(), 'the holder acknowledging', 30_000);
        const jid = holder.jid;
        const went = Date.now();
        if (await leave(tabs, holder, way, next)) cached++;
        expected.push(await tabs.clara(`tl-${i} after`));
        expected.push(await tabs.clara(`tl-${i} to the tab`, jid));
        takeovers.push(
          await poll(async () => (next.holds() ? Date.now() - went : false), 'the takeover', 60_000),
        );
        // What the provider sees in the tab that stays: the message from before, once. Those sent
        // while the connection changed hands are counted on the streams at the end.
        if ((await tabs.times(next, shown)) !== 1) shownTwice++;
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        throw new Error(`Run ${i} (the holder ${way}): ${message}`, { cause: error });
      }
      holder = next;
      if ((i + 1) % 10 === 0) suite.log(`  tabs: ${i + 1}/${runs}`);
    }
    const lastGone = Date.now();
    const windowMs = suite.counts.resumptionSeconds * 1000;
    const first = await poll(
      async () => ((await tabs!.sessions()) <= 1 ? Date.now() - lastGone : false),
      'one chat session for the browser',
      windowMs + 120_000,
    );
    // The figure the issue asks for: the count once the window and 5 s have passed.
    await sleep(Math.max(0, lastGone + windowMs + 5_000 - Date.now()));
    const sessions = await tabs.sessions();
    const bounced = await tabs.bounced();
    const stream = tally(expected, tabs.received);
    const pass =
      sessions <= 1 &&
      bounced.length === 0 &&
      stream.lost === 0 &&
      stream.duplicated === 0 &&
      shownTwice === 0;
    return {
      scenario:
        'holding tab closed, crashed, cut, reloaded, cached, frozen (Chromium): failover, sessions, bounces',
      runs,
      lost: stream.lost,
      duplicated: stream.duplicated,
      timing: `${p50p99('takeover', takeovers)}; 1 session ${ms(first)} after the last (window ${suite.counts.resumptionSeconds} s)`,
      verdict: pass ? 'pass' : 'FAIL',
      note: [
        [...ways].map(([way, n]) => `${n} ${way}`).join(', ') + ` (${cached} kept in the cache)`,
        `${sessions} session(s) for the browser at window + 5 s`,
        `${new Set(bounced).size} of ${expected.length} messages bounced (${bounced.length} error replies)`,
        ...(shownTwice ? [`${shownTwice} shown twice`] : []),
        ...whichOnes(stream, 'at the browser'),
        ...stream.doubled.slice(0, 2).map((id) => `${id} came ${cameAs(tabs!.arrivals, id)}`),
      ].join('; '),
    };
  } finally {
    await tabs?.close().catch(() => undefined);
    await browser.close();
  }
}
