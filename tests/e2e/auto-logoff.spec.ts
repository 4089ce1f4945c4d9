/**
 * Automatic logoff in Chromium (docs/security.md "Automatic logoff"): with the browser
 * context's clock under Playwright's control, 14 idle minutes bring the warning (an alert dialog, focus on
 * "Stay signed in", usable with the keyboard); staying keeps the session; doing nothing for the
 * last minute signs out, and the server refuses the token afterwards. Activity in a second tab
 * keeps an idle first tab signed in.
 */
import { expect, test, type Page } from '@playwright/test';
import { signInThroughForm } from './support';
import { freshProvider } from './workspace-support';

const HEADERS = { apiVersion: '7', os: 'web', timezone: 'Europe/London' };

async function signedInWithClock(page: Page, request: Parameters<typeof freshProvider>[0], prefix: string) {
  const { email, password } = await freshProvider(request, prefix);
  await page.clock.install();
  await signInThroughForm(page, email, password);
  await expect(page).toHaveURL(/\/Dashboard\/Dashboard$/);
  return (await page.evaluate(() => localStorage.getItem('authToken')))!;
}

const tokenWorks = async (request: Parameters<typeof freshProvider>[0], token: string) => {
  const answer = await request.get('/api/consultation/invite/doctor/having/consultation/counts', {
    headers: { ...HEADERS, authToken: token },
  });
  return ((await answer.json()) as { code: string }).code;
};

test('warns before the end, "Stay signed in" keeps the session, no answer signs out', async ({
  page,
  request,
}) => {
  const token = await signedInWithClock(page, request, 'idle');
  const dialog = page.getByRole('dialog', { name: 'Are you still there?' });

  await page.clock.fastForward('13:50');
  await expect(dialog).toBeHidden();
  await page.clock.fastForward('00:11');
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('alert')).toContainText('signed out after 15 minutes without activity');
  const stay = dialog.getByRole('button', { name: 'Stay signed in' });
  await expect(stay).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();

  await page.clock.fastForward('14:01');
  await expect(dialog).toBeVisible();
  await page.clock.fastForward('01:00');
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('You were signed out after 15 minutes without activity.')).toBeVisible();
  expect(await tokenWorks(request, token)).toBe('TOKEN_ERR_LOGOUT');
});

test('activity in another tab keeps an idle tab signed in', async ({ context, request }) => {
  const idle = await context.newPage();
  const token = await signedInWithClock(idle, request, 'tabs');
  // One clock for the browser context: both tabs see the same time.
  const busy = await context.newPage();
  await busy.goto('/Dashboard/Dashboard');
  await expect(busy).toHaveURL(/\/Dashboard\/Dashboard$/);
  // The tabs share the last activity through localStorage, which reaches another tab's process a
  // moment later: the idle tab is waited for to see each one, as five real minutes would allow.
  const lastActivity = (tab: Page) => tab.evaluate(() => localStorage.getItem('lastActivityAt'));
  // The busy tab's activity counts once its signed-in layout listens, which a loaded machine may
  // give a while after the URL: she moves and types again until it is written (once, the loop
  // went through all four steps before it listened, and the idle tab ended at 15 minutes).
  await expect(busy.getByRole('heading', { level: 1, name: 'Dashboard' }).first()).toBeVisible();
  for (let minute = 0; minute < 20; minute += 5) {
    const before = await lastActivity(busy);
    await context.clock.fastForward('05:00');
    await expect(async () => {
      await busy.mouse.move(10 + minute, 10);
      await busy.keyboard.press('Shift');
      expect(await lastActivity(busy)).not.toBe(before);
    }).toPass();
    const written = await lastActivity(busy);
    await expect.poll(() => lastActivity(idle)).toBe(written);
  }
  await context.clock.fastForward('00:05');
  await expect(idle.getByRole('dialog', { name: 'Are you still there?' })).toBeHidden();
  await expect(idle).toHaveURL(/\/Dashboard\/Dashboard$/);
  expect(await tokenWorks(request, token)).toBe('OK');
});
