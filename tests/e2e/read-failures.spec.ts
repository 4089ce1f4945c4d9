/**
 * A read that fails is said where its data would be, with a retry (src/app/components/
 * query-failed.tsx), never as an empty list ("No data available") nor as loading for ever: Amelia's
 * screens with their own API's read answered 503, then answered again once she asks.
 */
import { expect, test, type Page } from '@playwright/test';
import { signInAs, signInThroughForm, signUpOverApi, uniqueEmail } from './support';

interface Case {
  screen: string;
  path: string;
  /** The read that fails (the own API, spec §7). */
  read: RegExp;
  /** What shows once the read is answered. */
  shown(page: Page): ReturnType<Page['getByRole']>;
}

const tableRows = (page: Page) => page.getByRole('main').getByRole('table').getByRole('row').nth(1);

const CASES: Case[] = [
  { screen: 'clients', path: '/clients', read: /\/doctor\/client\/list/, shown: tableRows },
  { screen: 'appointments', path: '/orders', read: /\/doctor\/order\/list/, shown: tableRows },
  { screen: 'reports', path: '/reports', read: /\/reportList/, shown: tableRows },
  { screen: 'notifications', path: '/notifications', read: /\/v2\/listMessages/, shown: tableRows },
  {
    screen: 'notification categories',
    path: '/notifications',
    read: /\/v2\/messageCategory/,
    shown: (page) =>
      page
        .getByRole('navigation', { name: 'Notification categories' })
        .getByRole('button', { name: /New bookings/ }),
  },
  { screen: 'balance', path: '/Dashboard/balance', read: /\/doctor\/balance\/list/, shown: tableRows },
  {
    screen: 'dashboard',
    path: '/Dashboard/Dashboard',
    read: /\/doctor\/dashboard(\?|$)/,
    shown: (page) => page.getByRole('main').getByText("Today's consultations"),
  },
  {
    screen: 'calendar',
    path: '/calendar',
    read: /\/schedule\/calendar/,
    // The week's hours and appointments are drawn from the read: its answer is awaited above.
    shown: (page) => page.getByRole('main').getByRole('heading', { level: 2 }).first(),
  },
  {
    screen: 'profile form',
    path: '/Dashboard/account-setting?tab=providerProfile&isEdit=1',
    read: /\/misc\/lang\/list/,
    shown: (page) => page.getByRole('main').getByRole('form').first(),
  },
];

for (const { screen, path, read, shown } of CASES) {
  test(`${screen}: a failed read is said with a retry, and the retry shows the data`, async ({ page }) => {
    let failing = true;
    await page.route(read, (route) =>
      failing
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ code: 'UNAVAILABLE', message: 'The service is unavailable.' }),
          })
        : route.continue(),
    );
    await signInAs(page, 'amelia', path);
    const main = page.getByRole('main');
    const failed = main.getByRole('alert').filter({ hasText: 'Something went wrong. Please try again.' });
    await expect(failed).toBeVisible({ timeout: 30_000 });
    await expect(main.getByText('No data available')).toHaveCount(0);
    // The server's message, said once as a toast (spec §8), outside the main region.
    const said = page.getByRole('alert').filter({ hasText: 'The service is unavailable.' });
    await expect(said).toHaveCount(1);

    failing = false;
    const answered = page.waitForResponse((response) => read.test(response.url()) && response.ok());
    await failed.getByRole('button', { name: 'Try again' }).click();
    await answered;
    await expect(failed).toHaveCount(0);
    await expect(shown(page)).toBeVisible();
    // The retry's success took the message away with the failure (src/app/api/api-client.ts), not
    // its six seconds: it went before the data rendered, so no wait.
    await expect(said).toHaveCount(0, { timeout: 1 });
    // The keyboard's place is kept in the page: the button went with the failure.
    await expect(main).toBeFocused();
    await expect(main.getByText('No data available')).toHaveCount(0);
  });
}

test('the agreement at sign-in: protocols that could not be read are said with a retry, not left empty', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('agreement-read');
  await signUpOverApi(request, { email, password: 'Agree-pass-2026', firstName: 'A', lastName: 'R' });
  let failing = true;
  await page.route(/\/user\/protocol\/getProtocolPopupInfo\//, (route) =>
    failing ? route.fulfill({ status: 503, body: '' }) : route.continue(),
  );
  await signInThroughForm(page, email, 'Agree-pass-2026');
  const dialog = page.getByRole('dialog', { name: 'Before you start' });
  const failed = dialog.getByRole('alert').filter({ hasText: 'Something went wrong. Please try again.' });
  await expect(failed).toBeVisible({ timeout: 30_000 });
  failing = false;
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(dialog.getByRole('article', { name: 'Terms of Service for providers' })).toBeVisible();
  await dialog.getByLabel('I have read and accept these documents').check();
  await dialog.getByRole('button', { name: 'Agree and continue' }).click();
  await expect(page).toHaveURL(/\/Dashboard\/Dashboard$/);
});

test('the dashboard’s activity chart: a failed drawing is said with a retry, and the retry draws it', async ({
  page,
}) => {
  let failing = true;
  await page.route(/\/doctor\/dashboard\/chart/, (route) =>
    failing ? route.fulfill({ status: 503, body: '' }) : route.continue(),
  );
  await signInAs(page, 'amelia');
  const chart = page.locator('figure[data-chart-state]');
  await expect(chart).toHaveAttribute('data-chart-state', 'failed', { timeout: 30_000 });
  await expect(chart.getByText('The chart could not be loaded.')).toBeVisible();
  failing = false;
  await chart.getByRole('button', { name: 'Try again' }).click();
  await expect(chart).toHaveAttribute('data-chart-state', 'ready');
});
