/**
 * The daily chart (spec §2 /reports/daily-chart) in a phone's window, 375 px wide: its table of
 * recorded days scrolls sideways in a region the keyboard reaches, with a name (axe's
 * scrollable-region-focusable; docs/conventions.md "Accessibility"). axe is injected from the
 * axe-core package, as in accessibility.spec.ts.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import { chartDrawn, listOf, signInAs } from './support';

const AXE = path.join(path.dirname(createRequire(import.meta.url).resolve('axe-core')), 'axe.min.js');

// The portal's Content-Security-Policy allows no inline script, which is how a script tag is added.
test.use({ bypassCSP: true });

test('the daily chart at 375 px: its scrolling table is a named region the keyboard reaches', async ({
  page,
}) => {
  await signInAs(page, 'amelia');
  const [draft] = await listOf<{ reportId: number }>(
    page,
    '/api/user/member/expertReport/reportList?type=MyTask&page=1&pageSize=50',
  );
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto(`/reports/daily-chart?reportId=${draft!.reportId}`);
  await chartDrawn(page.getByTestId('cycle-chart'));
  await page.addScriptTag({ path: AXE });
  const results = (await page.evaluate(() =>
    (window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }).axe.run(
      document,
      { runOnly: ['scrollable-region-focusable'], resultTypes: ['violations'] },
    ),
  )) as AxeResults;
  expect(results.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([]);
  const region = page.getByRole('region', { name: 'Recorded days' });
  await expect(region).toHaveAttribute('tabindex', '0');
});
