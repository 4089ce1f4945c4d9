/**
 * Lighthouse 12 (13 needs Node 22.19, outside our engines) driving Debian's Chromium through
 * chrome-launcher, mobile profile with its default throttling (docs/performance.md
 * "Lighthouse"). A signed-in run first signs in through the login form in the same browser and
 * keeps its storage (`disableStorageReset`), so the page opens as for a returning provider.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from '@playwright/test';
import { provider } from '../../../fixtures';

export interface LighthouseFigures {
  url: string;
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  /** Titles of the audits that cost points, worst first. */
  failing: string[];
  /** Where the main thread's time went, by Lighthouse's categories, largest first (ms, throttled). */
  mainThread: { category: string; ms: number }[];
  /** The scripts that took the main thread longest: evaluation and parse/compile (ms, throttled). */
  scripts: { url: string; totalMs: number; scriptingMs: number; parseMs: number }[];
  /** The largest paint's element and where its time went (time to first byte, load, render delay). */
  lcp: { element: string; phases: { phase: string; ms: number }[] };
}

interface BreakdownItem {
  group?: string;
  groupLabel?: string;
  duration?: number;
}

interface BootupItem {
  url?: string;
  total?: number;
  scripting?: number;
  scriptParseCompile?: number;
}

/** An audit's table rows (Lighthouse's `details.items`), typed as the caller reads them. */
function auditItems<T>(audit: { details?: unknown } | undefined): T[] {
  const details = audit?.details as { items?: T[] } | undefined;
  return details?.items ?? [];
}

interface LcpTables {
  items?: {
    items?: { node?: { nodeLabel?: string; selector?: string }; phase?: string; timing?: number }[];
  }[];
}

/** Lighthouse's `largest-contentful-paint-element`: a list of two tables, the node and its phases. */
function lcpFacts(audit: { details?: unknown } | undefined): LighthouseFigures['lcp'] {
  const [nodes, phases] = (audit?.details as LcpTables | undefined)?.items ?? [];
  const node = nodes?.items?.[0]?.node;
  return {
    element: node ? `${node.selector ?? '?'} "${(node.nodeLabel ?? '').slice(0, 40)}"` : 'none',
    phases: (phases?.items ?? []).map((row) => ({
      phase: row.phase ?? '?',
      ms: Math.round(row.timing ?? 0),
    })),
  };
}

/** A script's address without the origin and the query, as the bench prints it. */
function shortUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.pathname;
  } catch {
    return url;
  }
}

const FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--no-first-run',
  // The bench's TLS stack has a self-signed certificate (scripts/bench/sections/lighthouse.ts).
  '--ignore-certificate-errors',
];

/**
 * A signed-in path, or one made from what the signed-in provider has: `report` is the first
 * report of her own work list (spec §5 "My tasks"), so `/reports/detail` opens a real report.
 */
export type LighthousePath = string | ((facts: { report: number }) => string);

const HEADERS = { apiVersion: '7', os: 'web', timezone: 'Europe/London' };

async function signIn(port: number, baseUrl: string): Promise<{ report: number }> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    const persona = provider('amelia');
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email').fill(persona.email);
    await page.getByLabel('Password', { exact: true }).fill(persona.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/Dashboard\/Dashboard$/);
    const authToken = (await page.evaluate(() => localStorage.getItem('authToken'))) ?? '';
    // Asked by the page itself, which trusts what its browser trusts (the TLS stack's certificate).
    const list = await page.evaluate(
      async ([url, headers]) => {
        const answer = await fetch(url, { headers });
        const body = (await answer.json()) as { data?: { list?: { reportId: number }[] } };
        return body.data?.list ?? [];
      },
      [
        `${baseUrl}/api/user/member/expertReport/reportList?type=MyTask&page=1&pageSize=1`,
        { ...HEADERS, authToken },
      ] as const,
    );
    if (!list[0]) throw new Error('Amelia has no report of her own to open');
    // Storage stays (the session); the HTTP cache goes, so the page loads cold.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
    return { report: list[0].reportId };
  } finally {
    await browser.close();
  }
}

export async function runLighthouse(
  baseUrl: string,
  target: LighthousePath,
  signedIn: boolean,
): Promise<LighthouseFigures> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: FLAGS,
  });
  try {
    const facts = signedIn ? await signIn(chrome.port, baseUrl) : { report: 0 };
    const path = typeof target === 'string' ? target : target(facts);
    const result = await lighthouse(`${baseUrl}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      disableStorageReset: signedIn,
      // Weighs nothing in the score and navigates away and back for it, 1–3 s a page.
      skipAudits: ['bf-cache'],
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
    // The whole report, for reading a run's trace and chains (docs/performance.md "Lighthouse").
    const keep = process.env.BENCH_LIGHTHOUSE_DIR;
    if (keep) {
      await mkdir(keep, { recursive: true });
      await writeFile(
        join(keep, `${path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'root'}-${Date.now()}.json`),
        JSON.stringify(result.lhr),
      );
    }
    const { categories, audits } = result.lhr;
    // A run that could not measure (no paint seen, a broken trace) scores null, not 0: say why.
    if (categories.performance?.score == null)
      throw new Error(
        `Lighthouse measured no performance for ${path}: ${
          result.lhr.runtimeError?.message ??
          audits['first-contentful-paint']?.errorMessage ??
          'no score and no reason given'
        }`,
      );
    const failing = Object.values(audits)
      .filter(
        (a) =>
          a.score !== null &&
          a.score < 0.9 &&
          a.scoreDisplayMode !== 'informative' &&
          a.scoreDisplayMode !== 'manual',
      )
      .sort((a, b) => (a.score ?? 0) - (b.score ?? 0))
      .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
    return {
      url: path,
      performance: Math.round((categories.performance?.score ?? 0) * 100),
      accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
      fcpMs: Math.round(audits['first-contentful-paint']?.numericValue ?? Number.NaN),
      lcpMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? Number.NaN),
      tbtMs: Math.round(audits['total-blocking-time']?.numericValue ?? Number.NaN),
      cls: audits['cumulative-layout-shift']?.numericValue ?? Number.NaN,
      failing,
      mainThread: auditItems<BreakdownItem>(audits['mainthread-work-breakdown'])
        .map((item) => ({
          category: item.groupLabel ?? item.group ?? 'other',
          ms: Math.round(item.duration ?? 0),
        }))
        .sort((a, b) => b.ms - a.ms),
      scripts: auditItems<BootupItem>(audits['bootup-time'])
        .map((item) => ({
          url: shortUrl(item.url ?? ''),
          totalMs: Math.round(item.total ?? 0),
          scriptingMs: Math.round(item.scripting ?? 0),
          parseMs: Math.round(item.scriptParseCompile ?? 0),
        }))
        .sort((a, b) => b.totalMs - a.totalMs)
        .slice(0, 6),
      lcp: lcpFacts(audits['largest-contentful-paint-element']),
    };
  } finally {
    chrome.kill();
  }
}
