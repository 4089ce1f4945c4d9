/**
 * Issue 26 "It looks finished", as a provider sees it in Chromium: line icons instead of glyphs
 * that need emoji fonts, a top bar and menu that stay in place while a long page scrolls (on a
 * narrow window too), a new provider's dashboard that is her onboarding checklist with approval
 * leading on to availability, and the searchable, keyboard-driven time-zone picker.
 */
import { expect, test, type Page } from '@playwright/test';
import { signInAs, signInOverApi, signInThroughForm } from './support';
import { admin, freshProvider, submitProfileOverApi } from './workspace-support';

/** Symbols that show as empty boxes without an emoji or symbol font. */
const GLYPHS = /[\u2190-\u2BFF\u{1F000}-\u{1FFFF}]/u;

async function staysInPlace(page: Page) {
  const header = page.getByRole('banner');
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  const scrollable = await page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight);
  expect(scrollable).toBeGreaterThan(100);
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  expect((await header.boundingBox())?.y).toBe(0);
  await expect(header.getByRole('button', { name: 'Sign out' })).toBeInViewport();
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeInViewport();
  await expect(menu.getByRole('link', { name: 'Settings' })).toBeInViewport();
}

test('menu icons are line icons, and the top bar and menu stay in place on a long page, narrow too', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 520 });
  await signInAs(page, 'amelia');
  // The dashboard is ready (the count is whatever the files before this one left).
  await expect(page.getByLabel(/^Pending reports: \d+$/)).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  const links = menu.getByRole('link');
  await expect(links).toHaveCount(8);
  expect(await menu.innerText()).not.toMatch(GLYPHS);
  for (const link of await links.all()) {
    await expect(link.locator('svg[aria-hidden="true"]')).toHaveCount(1);
  }
  await staysInPlace(page);

  // A narrow window: the menu is a rail of icons, each still named, and stays too.
  await page.setViewportSize({ width: 400, height: 640 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(menu.getByRole('link', { name: 'Messages' })).toBeVisible();
  await expect(menu.getByText('Messages', { exact: true })).toHaveCSS('position', 'absolute');
  const rail = await menu.boundingBox();
  expect(rail!.width).toBeLessThan(80);
  await staysInPlace(page);
  await menu.getByRole('link', { name: 'Calendar' }).click();
  await expect(page).toHaveURL(/\/calendar$/);
});

test('a new provider’s dashboard is her checklist; approval leads her to availability, set with the time-zone picker', async ({
  page,
  request,
}) => {
  const fresh = await freshProvider(request, 'onboard', { firstName: 'Olga', lastName: 'Berg' });
  await signInOverApi(page, fresh.email, fresh.password);
  const checklist = page.getByRole('region', { name: 'Get ready for your first consultation' });
  const step = (title: string) => checklist.getByRole('listitem').filter({ hasText: title });
  await expect(checklist.getByText('1 of 4 done')).toBeVisible();
  await expect(step('Confirm your e-mail address')).toHaveAttribute('data-state', 'done');
  await expect(step('Fill in your profile')).toHaveAttribute('aria-current', 'step');
  await expect(step('Get your certification approved')).toHaveAttribute('data-state', 'todo');
  await expect(step('Set your availability')).toHaveAttribute('data-state', 'todo');
  // Instead of an empty chart.
  await expect(page.getByRole('region', { name: 'Consultations per week' })).toHaveCount(0);
  expect(await checklist.innerText()).not.toMatch(GLYPHS);
  await step('Fill in your profile').getByRole('link', { name: 'Fill in the profile' }).click();
  await expect(page).toHaveURL(/\/profile\/certification$/);

  // Submitted (over the API, which signs the browser out): the review runs, availability is next.
  const again = await request.post('/api/user/user/sign/in/doctor', {
    headers: { apiVersion: '7', os: 'web', timezone: 'Europe/London' },
    form: { email: fresh.email, password: fresh.password },
  });
  await submitProfileOverApi(request, ((await again.json()) as { data: { token: string } }).data.token);
  // Signed in again, she comes back to the page she was on if the page had learnt of the ended
  // session by then (the login route's `from`), else to the dashboard: the menu takes her there.
  await signInThroughForm(page, fresh.email, fresh.password);
  await expect(page).not.toHaveURL(/\/login$/);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(checklist.getByText('2 of 4 done')).toBeVisible();
  await expect(step('Get your certification approved')).toHaveAttribute('data-state', 'waiting');
  await expect(step('Get your certification approved')).toContainText('in review');
  await expect(step('Set your availability')).toHaveAttribute('aria-current', 'step');

  // Approved: the decision's "Got it" goes on to availability.
  expect(await admin(['audit', 'approve', fresh.email])).toContain('NEED_AUDIT → AUDIT_PASSED');
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Clients' }).click();
  const popup = page.getByRole('dialog', { name: 'Profile Approved' });
  await popup.getByRole('button', { name: 'Got it' }).click();
  await expect(page).toHaveURL(/\/Dashboard\/account-setting\?tab=availability&isEdit=1$/);

  // The time-zone picker: grouped by region with offsets, searched and chosen with the keyboard.
  const weekly = page.getByRole('region', { name: 'Weekly hours' });
  const zone = weekly.getByRole('combobox', { name: 'Time zone' });
  await expect(zone).toHaveAttribute('data-zone', 'Europe/London');
  await zone.focus();
  await zone.press('ArrowDown');
  const listbox = page.getByRole('listbox');
  await expect(listbox.getByRole('group', { name: 'Europe' })).toBeVisible();
  await expect(listbox.getByRole('group', { name: 'America' })).toHaveCount(1);
  await expect(listbox.getByRole('group', { name: 'Asia' })).toHaveCount(1);
  await zone.press('Escape');
  await expect(listbox).toHaveCount(0);
  await zone.fill('berlin');
  const berlin = page.getByRole('option', { name: /^Berlin UTC\+0[12]:00$/ });
  await expect(page.getByRole('option')).toHaveCount(1);
  await expect(berlin).toBeVisible();
  await zone.press('ArrowDown');
  await zone.press('Enter');
  await expect(zone).toHaveAttribute('data-zone', 'Europe/Berlin');
  await expect(zone).toHaveValue(/^Berlin · Europe \(UTC\+0[12]:00\)$/);
  await zone.fill('utc+5:30');
  await expect(
    page.getByRole('group', { name: 'Asia' }).getByRole('option', { name: /^Kolkata|^Calcutta/ }),
  ).toBeVisible();
  await zone.press('Escape');
  await expect(zone).toHaveAttribute('data-zone', 'Europe/Berlin');

  await weekly.getByRole('button', { name: 'Add hours on Tuesday' }).click();
  await weekly.getByLabel('Tuesday start 1').fill('09:00');
  await weekly.getByLabel('Tuesday end 1').fill('12:00');
  await weekly.getByRole('button', { name: 'Save availability' }).click();
  await expect(page.getByText('Your availability was saved.')).toBeVisible();

  // Every step done: the checklist gives way to her practice.
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('region', { name: 'Consultations per week' })).toBeVisible();
  await expect(checklist).toHaveCount(0);
});

/** Pages a provider opens from the menu and Settings, with what shows once each has its data. */
const NARROW_PAGES: ReadonlyArray<[string, string | RegExp]> = [
  ['/Dashboard/Dashboard', /^Pending reports: \d+$/],
  ['/Dashboard/balance', 'Balance'],
  ['/Dashboard/account-setting?tab=availability', 'Availability'],
  ['/clients', 'Clara Jensen'],
  ['/calendar', 'Calendar'],
  ['/orders', 'Appointments'],
  ['/reports', 'Reports'],
  ['/notifications', 'Notifications'],
  ['/settings', 'Time zone'],
];

test('at a phone’s width no page is wider than the window: wide tables scroll within themselves', async ({
  page,
}) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await signInAs(page, 'amelia');
  for (const [path, ready] of NARROW_PAGES) {
    await page.goto(path);
    await expect(page.getByText(ready).or(page.getByLabel(ready)).first()).toBeVisible();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${path} is ${width} px wide`).toBeLessThanOrEqual(375);
  }
});
