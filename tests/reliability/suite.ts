/**
 * The fault suite (issue 15; docs/reliability.md): runs every scenario against the real server,
 * Prosody, PGlite (and PostgreSQL when its binaries are installed) and Debian's Chromium, and
 * returns one table row (or more) per scenario. A scenario that throws is a FAIL row, never an
 * aborted run. `npm run reliability` runs the full counts; tests/e2e/reliability.spec.ts the
 * short ones inside `npm test`.
 */
import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../playwright.config';
import { ensurePortalBuilt } from '../../scripts/lib/bootstrap.mjs';
import { startMember, type RunningMember } from '../support/member-simulator';
import { startStack } from '../support/stack';
import type { Counts, Scenario, SuiteContext } from './context';
import { appSocketDrops } from './scenarios/app-socket-drops';
import { boshFallback } from './scenarios/bosh-fallback';
import { browserDrops } from './scenarios/browser-drops';
import { nodeDrops } from './scenarios/node-drops';
import { pageReloads } from './scenarios/page-reloads';
import { prosodyKills } from './scenarios/prosody-kills';
import { serverKills } from './scenarios/server-kills';
import { sessionEnds } from './scenarios/session-ends';
import { soak } from './scenarios/soak';
import { tabLifecycle } from './scenarios/tab-lifecycle';
import type { Row } from './table';

export const FULL: Counts = {
  nodeDrops: 100,
  browserDrops: 100,
  reloads: 10,
  prosodyKills: 20,
  serverKills: 10,
  appSocketDrops: 50,
  postgres: true,
  tabs: 100,
  sessionEnds: 5,
  resumptionSeconds: 60,
  soakMinutes: 20,
};

/** Inside `npm test`: every scenario once or a few times, well under a minute on two cores. */
export const SHORT: Counts = {
  nodeDrops: 5,
  browserDrops: 1,
  reloads: 1,
  prosodyKills: 1,
  serverKills: 1,
  appSocketDrops: 2,
  postgres: false,
  tabs: 6,
  sessionEnds: 1,
  // A short window keeps the wait for the closed tabs' sessions short.
  resumptionSeconds: 10,
  // Ten steps and one call (`npm run reliability -- --short --only soak`); `npm test` leaves the
  // soak to `npm run reliability`.
  soakMinutes: 0,
};

const SCENARIOS: ReadonlyArray<[string, Scenario]> = [
  ['socket drops, member client', nodeDrops],
  ['socket drops, portal', browserDrops],
  ['page reloads', pageReloads],
  ['app socket drops', appSocketDrops],
  ['WebSockets blocked', boshFallback],
  ['Prosody killed', prosodyKills],
  ['server killed', serverKills],
  ['tabs and sessions', tabLifecycle],
  ['session ends', sessionEnds],
  ['soak', soak],
];

export async function runSuite(
  counts: Counts,
  options: {
    log?: (line: string) => void;
    /** Runs only the rows whose name contains one of these. */
    only?: readonly string[];
    /** Leaves out the rows whose name contains one of these. */
    except?: readonly string[];
  } = {},
): Promise<Row[]> {
  const log = options.log ?? ((line: string) => console.log(line));
  ensurePortalBuilt();
  const stack = await startStack({
    portal: true,
    env: {
      CHAT_HISTORY_REPORT_TIMEOUT_SECONDS: '2',
      CHAT_RESUMPTION_SECONDS: String(counts.resumptionSeconds),
    },
  });
  let browser: Browser | null = null;
  let member: Promise<RunningMember> | null = null;
  const context: SuiteContext = {
    stack,
    counts,
    log,
    async browser() {
      browser ??= await chromium.launch({
        executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        args: CHROMIUM_ARGS,
      });
      return browser;
    },
    member() {
      member ??= startMember(stack.url, 'emma', { typingMs: 400 });
      return member;
    },
  };
  const rows: Row[] = [];
  try {
    for (const [name, scenario] of SCENARIOS) {
      if (options.only && !options.only.some((o) => name.includes(o))) continue;
      if (options.except?.some((o) => name.includes(o))) continue;
      log(`▶ ${name}`);
      const started = Date.now();
      try {
        const result = await scenario(context);
        rows.push(...(Array.isArray(result) ? result : [result]));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        log(`  ${name} failed: ${message}`);
        rows.push({
          scenario: name,
          runs: 0,
          lost: null,
          duplicated: null,
          timing: '—',
          verdict: 'FAIL',
          note: message.split('\n')[0]!.slice(0, 160),
        });
      }
      log(`  ${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    }
  } finally {
    await (browser as Browser | null)?.close();
    await (await (member as Promise<RunningMember> | null)?.catch(() => null))?.stop();
    await stack.stop({ remove: true });
  }
  return rows;
}
