/**
 * Expert reports end to end (spec §2, §5, §6, §7, §8): Dr. Amelia Hart claims a report from the
 * open pool, studies the member's charts, saves a draft that survives a reload, completes it and
 * sees the dashboard's pending count follow; Dr. Bruno Keller, without report access, gets 'No
 * permission' on every report path and is taken back.
 */
import { expect, test, type Page } from '@playwright/test';
import { chartDrawn, signInAs } from './support';

const menu = (page: Page) => page.getByRole('navigation', { name: 'Main menu' });

async function pendingReports(page: Page): Promise<number> {
  const stat = page.getByLabel(/^Pending reports: \d+$/);
  await expect(stat).toBeVisible();
  return Number((await stat.getAttribute('aria-label'))!.split(': ')[1]);
}

test('claims a pool report, reads the charts, saves a draft, completes it', async ({ page }) => {
  await signInAs(page, 'amelia');
  const pendingBefore = await pendingReports(page);

  await menu(page).getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('tab', { name: 'Open pool', selected: true })).toBeVisible();
  const search = page.getByRole('search');
  await search.getByLabel('Member').fill('emma');
  await search.getByLabel('Member').press('Enter');
  const table = page.getByRole('table', { name: 'Open pool' });
  await expect(table.getByRole('row')).toHaveCount(2);
  await table.getByRole('button', { name: 'Claim First cycles off the pill' }).click();
  const claim = page.getByRole('dialog', { name: 'Claim this report?' });
  await claim.getByRole('button', { name: 'Claim' }).click();
  await expect(page).toHaveURL(/\/reports\/detail\?reportId=\d+$/);
  const detailUrl = page.url();

  // The member and her charts: the curve is drawn (SVG) with its ovulation marker.
  await expect(page.getByRole('complementary', { name: 'Member' }).getByText('Emma Laurent')).toBeVisible();
  const cycleChart = page.getByTestId('cycle-chart');
  await chartDrawn(cycleChart);
  await expect(cycleChart.locator('svg')).toBeVisible();
  await expect(cycleChart.locator('svg text', { hasText: 'Ovulation' })).not.toHaveCount(0);
  await expect(page.getByTestId('cycle-calendar').locator('td[data-ovulation]')).toHaveCount(1);
  await page.getByRole('radio', { name: '6 cycles' }).click();
  await chartDrawn(page.getByTestId('cycle-overlay'));
  await expect(
    page.getByRole('table', { name: /^Phase statistics/ }).getByRole('row', { name: /Luteal phase/ }),
  ).toBeVisible();

  // Link calls: the PDF opens in a new window; a failure says so (spec §8).
  // The popup's PDF becomes a download in headless Chromium: check the request, then the file.
  const fileRequest = page
    .context()
    .waitForEvent('request', (r) => r.url().includes('/api/core/cycle/file/'));
  await page.getByRole('button', { name: 'Comparison PDF' }).click();
  const file = await page.request.get((await fileRequest).url());
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toContain('application/pdf');
  await page.route('**/api/core/cycle/report/doctor/get/analysis/link**', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'INTERNAL_ERROR', message: 'PDF renderer down', data: null }),
    }),
  );
  await page.getByRole('button', { name: 'Cycle PDF' }).click();
  await expect(page.getByRole('alert').getByText('Failed to generate file, please try again!')).toBeVisible();
  await page.unroute('**/api/core/cycle/report/doctor/get/analysis/link**');

  // The dashboard counts the claimed report.
  await menu(page).getByRole('link', { name: 'Dashboard' }).click();
  // The dashboard may show its cached count first, then the refetched one.
  await expect(page.getByLabel(`Pending reports: ${pendingBefore + 1}`)).toBeVisible();
  await page.goto(detailUrl);

  // A draft: unsaved changes are announced, leaving asks first, a save survives a reload.
  const opinion = 'Ovulation around day 19 in both recent cycles; luteal phase of 12 days.';
  const editor = page.getByRole('region', { name: 'Your report' });
  await editor.getByLabel('Expert opinion').fill(opinion);
  await editor.getByRole('group', { name: 'Findings' }).getByRole('checkbox').first().check();
  await expect(page.getByTestId('save-state')).toHaveText('Unsaved changes');
  await menu(page).getByRole('link', { name: 'Reports' }).click();
  const leave = page.getByRole('dialog', { name: 'Unsaved changes' });
  await leave.getByRole('button', { name: 'Stay' }).click();
  await expect(page).toHaveURL(detailUrl);
  await editor.getByRole('button', { name: 'Save draft' }).click();
  await expect(page.getByTestId('save-state')).toHaveText(/^Draft saved at /);
  await page.reload();
  await expect(page.getByRole('region', { name: 'Your report' }).getByLabel('Expert opinion')).toHaveValue(
    opinion,
  );
  await expect(page.getByTestId('save-state')).toHaveText(/^Draft saved at /);

  // Complete: it moves to the completed list and leaves the pending count.
  await page.getByRole('button', { name: 'Complete report' }).click();
  await page
    .getByRole('dialog', { name: 'Complete this report?' })
    .getByRole('button', { name: 'Complete' })
    .click();
  await expect(page).toHaveURL(/\/reports\/review\?reportId=\d+$/);
  await expect(page.getByRole('region', { name: 'Report' }).getByText(opinion)).toBeVisible();
  await menu(page).getByRole('link', { name: 'Reports' }).click();
  await page.getByRole('tab', { name: 'Completed' }).click();
  await expect(
    page.getByRole('table', { name: 'Completed' }).getByRole('row', { name: /First cycles off the pill/ }),
  ).toBeVisible();
  await page.getByRole('tab', { name: 'My tasks' }).click();
  await expect(
    page.getByRole('table', { name: 'My tasks' }).getByText('First cycles off the pill'),
  ).toHaveCount(0);
  await menu(page).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByLabel(`Pending reports: ${pendingBefore}`)).toBeVisible();
});

test('a provider without report access sees No permission on report paths and goes back', async ({
  page,
}) => {
  await signInAs(page, 'bruno');
  await expect(menu(page).getByRole('link', { name: 'Reports' })).toBeVisible();
  await menu(page).getByRole('link', { name: 'Reports' }).click();
  await expect(page.getByRole('alert').getByText('No permission')).toBeVisible();
  await expect(page).toHaveURL(/\/Dashboard\/Dashboard$/);

  // Opened directly, with nothing to go back to: the dashboard.
  await page.goto('/reports/detail?reportId=1');
  await expect(page.getByRole('alert').getByText('No permission')).toBeVisible();
  await expect(page).toHaveURL(/\/Dashboard\/Dashboard$/);
});
