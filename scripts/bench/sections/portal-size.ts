/**
 * DESIGN.md §4: JS of the login route in brotli, measured as Chromium loads `/login`, next to the
 * 100 KB budget and to the floor set by the card's packages (react + react-dom, react-router,
 * i18next + react-i18next bundled alone).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import { CHROMIUM_ARGS } from '../../../playwright.config';
import { ROOT } from '../../../tests/support/stack';
import { kb, ratio } from '../lib/stats';
import type { BenchContext } from '../lib/section';

const BUDGET = 100 * 1024;
const brotli = (bytes: Uint8Array) =>
  brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length;

/** Brotli size of the packages every route needs, bundled and minified on their own. */
async function packageFloor(): Promise<number> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portal-floor-'));
  try {
    const entry = path.join(dir, 'entry.ts');
    await writeFile(
      entry,
      "import { createRoot } from 'react-dom/client'; import { createBrowserRouter, RouterProvider } from 'react-router-dom'; import i18next from 'i18next'; import { initReactI18next, useTranslation } from 'react-i18next'; console.log(createRoot, createBrowserRouter, RouterProvider, i18next, initReactI18next, useTranslation);",
    );
    const result = await build({
      entryPoints: [entry],
      bundle: true,
      minify: true,
      format: 'esm',
      write: false,
      nodePaths: [path.join(ROOT, 'node_modules')],
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'silent',
    });
    return brotli(result.outputFiles[0]!.contents);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export const portalSizeSection = {
  name: 'login route size',
  async run(ctx: BenchContext) {
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
    const chunks: Array<{ name: string; br: number }> = [];
    try {
      const page = await browser.newPage();
      page.on('response', async (response) => {
        if (!response.url().endsWith('.js')) return;
        chunks.push({ name: response.url().split('/').pop()!, br: brotli(await response.body()) });
      });
      await page.goto(`${ctx.url}/login`);
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      await page.waitForLoadState('networkidle');
    } finally {
      await browser.close();
    }
    const total = chunks.reduce((sum, c) => sum + c.br, 0);
    const floor = await packageFloor();
    console.log(
      `  login route JS: ${kb(total)} brotli in ${chunks.length} chunks; budget ${kb(BUDGET)} (${ratio(total, BUDGET)})`,
    );
    console.log(
      `  floor of react + react-dom + react-router + i18next alone: ${kb(floor)} (${ratio(floor, BUDGET)} of the budget)`,
    );
    for (const c of chunks.sort((a, b) => b.br - a.br).slice(0, 5))
      console.log(`    ${c.name.padEnd(40)} ${kb(c.br)}`);
  },
};
