/**
 * docs/performance.md "Route budgets": JS of `/login`, the signed-in dashboard and `/message` in
 * brotli as Chromium loads them cold (scripts/bench/portal/route-js.ts), next to their budgets,
 * and the floor set by the card's packages (react + react-dom, react-router, i18next +
 * react-i18next bundled alone).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, constants } from 'node:zlib';
import { build } from 'esbuild';
import { ROOT } from '../../../tests/support/stack';
import type { BenchSection } from '../bench';
import { measureRoutes } from '../portal/route-js';

const KB = (bytes: number) => Math.round((bytes / 1024) * 10) / 10;
/** Issue 16's budgets, KB of brotli. */
const BUDGETS: Record<string, number> = { '/login': 120, '/Dashboard/Dashboard': 250, '/message': 200 };
/** Loaded by the first chart after the dashboard renders (src/app/components/chart/chart.tsx). */
const CHART_ENGINE = /^echarts-setup-/;
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
  name: 'route sizes',
  runs: { full: 1, quick: 1 },
  runsReason: 'a size does not vary',
  async run({ stack, report, note }) {
    for (const route of await measureRoutes(stack.url)) {
      report({
        metric: `${route.route} JS, brotli (${route.files} files)`,
        ours: KB(route.br),
        unit: 'KB',
        target: { at: 'most', value: BUDGETS[route.route]!, of: 'figure' },
      });
      const engine = route.all.filter((f) => CHART_ENGINE.test(f.name));
      if (engine.length > 0) {
        const lazy = engine.reduce((sum, f) => sum + f.br, 0);
        report({
          metric: `${route.route} JS before the chart engine loads`,
          ours: KB(route.br - lazy),
          unit: 'KB',
        });
        note(
          `${route.route}: the chart engine (echarts/core; bars, grid, tooltip, legend, SVG) adds ${KB(lazy)} KB once the chart nears the viewport`,
        );
      }
      note(`${route.route} largest: ${route.largest.map((c) => `${c.name} ${KB(c.br)} KB`).join(', ')}`);
    }
    report({
      metric: 'react + react-dom + react-router + i18next alone',
      ours: KB(await packageFloor()),
      reference: BUDGETS['/login'],
      referenceName: '/login budget',
      unit: 'KB',
    });
  },
};
