/**
 * The dashboard's weekly activity is drawn on the server and shown inline (docs/performance.md
 * "Route budgets"): the page loads no chart engine, the chart is one accessible image, and
 * hovering a bar shows that week's figures through ECharts' light client runtime.
 */
import { expect, test } from '@playwright/test';
import { signInAs } from './support';

test('the dashboard shows its server-drawn chart without the chart engine, with hover figures', async ({
  page,
}) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await signInAs(page, 'amelia');
  const figure = page.locator('figure[data-chart-state]');
  await expect(figure).toHaveAttribute('data-chart-state', 'ready');
  const chart = figure.getByRole('img', { name: /^Consultations per week\. Completed: / });
  await expect(chart).toBeVisible();
  await expect(chart.locator('svg text', { hasText: 'Completed' })).toHaveCount(1);
  const box = await chart.boundingBox();
  expect(box?.height).toBe(256);

  const bar = chart.locator('path[ecmeta_ssr_type="chart"][ecmeta_series_index="0"]').first();
  await bar.hover();
  await expect(figure.getByRole('status')).toContainText('Completed:');
  await page.mouse.move(0, 0);
  await expect(figure.getByRole('status')).toHaveCount(0);
  expect(scripts.filter((s) => s.includes('echarts-setup'))).toEqual([]);
});
