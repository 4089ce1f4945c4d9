/**
 * docs/architecture.md §4: JS of the login route in brotli, measured as Chromium loads `/login`, next to the
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
import type { BenchSection } from '../bench';

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

export const section: BenchSection = {
  name: 'login route size',
  async run({ stack, report, note }) {
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
      await page.goto(`${stack.url}/login`);
      await page.getByRole('button', { name: 'Sign in' }).waitFor();
      await page.waitForLoadState('networkidle');
    } finally {
      await browser.close();
    }
    const total = chunks.reduce((sum, c) => sum + c.br, 0);
    const floor = await packageFloor();
    const KB = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
    report({
      metric: 'login route JS, brotli',
      ours: KB(total),
      reference: KB(BUDGET),
      referenceName: 'budget',
      unit: 'KB',
    });
    report({
      metric: 'react + react-dom + react-router + i18next alone',
      ours: KB(floor),
      reference: KB(BUDGET),
      referenceName: 'budget',
      unit: 'KB',
    });
    const largest = [...chunks].sort((a, b) => b.br - a.br).slice(0, 4);
    note(`${chunks.length} chunks; largest: ${largest.map((c) => `${c.name} ${KB(c.br)} KB`).join(', ')}`);
    note(
      "The design card's packages alone come to about the budget; the rest is zod (the shared contract), react-hook-form and the app.",
    );
  },
};
