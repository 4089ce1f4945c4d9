/**
 * What a route costs in JavaScript on the wire (docs/performance.md "Route budgets"): Chromium
 * loads the route cold and every script it fetches is counted at the size of the brotli copy the
 * server sends (the build's `.br` file beside it, scripts/lib/precompress.mjs). Signed-in routes
 * are loaded in a fresh context that carries only the session's storage, as a returning provider
 * opens a bookmark.
 */
import { statSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import { provider } from '../../../fixtures';
import { CHROMIUM_ARGS } from '../../../playwright.config';
import { ROOT } from '../../../tests/support/stack';

export interface RouteJs {
  route: string;
  files: number;
  /** Brotli bytes of all scripts the route loaded. */
  br: number;
  largest: Array<{ name: string; br: number }>;
  all: Array<{ name: string; br: number }>;
}

const ASSETS = path.join(ROOT, 'dist/portal');

function brotliSize(urlPath: string): number {
  const file = path.join(ASSETS, urlPath);
  const compressed = statSync(`${file}.br`, { throwIfNoEntry: false });
  return (compressed ?? statSync(file)).size;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
}

async function scriptsOf(context: BrowserContext, url: string, ready: string | null): Promise<RouteJs> {
  const page = await context.newPage();
  const seen = new Set<string>();
  page.on('response', (response) => {
    const { pathname } = new URL(response.url());
    if (pathname.endsWith('.js')) seen.add(pathname);
  });
  await page.goto(url);
  if (ready) await page.getByRole('heading', { name: ready }).first().waitFor({ timeout: 30_000 });
  await page.waitForLoadState('networkidle');
  await page.close();
  const sizes = [...seen].map((p) => ({ name: path.basename(p), br: brotliSize(p) }));
  return {
    route: new URL(url).pathname,
    files: sizes.length,
    br: sizes.reduce((sum, s) => sum + s.br, 0),
    largest: sizes.sort((a, b) => b.br - a.br).slice(0, 5),
    all: sizes,
  };
}

/** Signs the persona in through the login form; returns the session's storage. */
export async function signedInStorage(browser: Browser, baseUrl: string, key = 'amelia') {
  const context = await browser.newContext({ baseURL: baseUrl, locale: 'en-GB' });
  const page = await context.newPage();
  const persona = provider(key);
  await page.goto('/login');
  await page.getByLabel('Email').fill(persona.email);
  await page.getByLabel('Password', { exact: true }).fill(persona.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/Dashboard\/Dashboard$/);
  const state = await context.storageState();
  await context.close();
  return state;
}

export async function measureRoutes(baseUrl: string): Promise<RouteJs[]> {
  const browser = await launchChromium();
  try {
    const results: RouteJs[] = [];
    const cold = await browser.newContext({ locale: 'en-GB' });
    results.push(await scriptsOf(cold, `${baseUrl}/login`, null));
    await cold.close();
    const storageState = await signedInStorage(browser, baseUrl);
    for (const route of ['/Dashboard/Dashboard', '/message']) {
      const context = await browser.newContext({ locale: 'en-GB', storageState });
      results.push(await scriptsOf(context, `${baseUrl}${route}`, null));
      await context.close();
    }
    return results;
  } finally {
    await browser.close();
  }
}
