/**
 * Issue 10 in the browser: the URL `npm start` prints opens the portal, and the portal and
 * Swagger UI run under the server's Content-Security-Policy without a single violation
 * (docs/security.md "HTTP headers and origins").
 */
import { expect, test, type Page } from '@playwright/test';
import { provider } from '../../fixtures';
import { signInAs } from './support';

interface Violations {
  events: string[];
  console: string[];
}

/** Records CSP violation events (from before any page script runs) and what the console says about policies. */
async function watchPolicies(page: Page): Promise<Violations> {
  const found: Violations = { events: [], console: [] };
  await page.exposeFunction('reportViolation', (text: string) => found.events.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation(text: string): void }).reportViolation(
        `${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} in ${event.documentURI}`,
      );
    });
  });
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|Refused to|Permissions-Policy|Permissions policy/i.test(text)) {
      found.console.push(text);
    }
  });
  return found;
}

test('the printed URL opens the login page for a visitor who is not signed in', async ({ page }) => {
  const answer = await page.goto('/');
  expect(answer?.status()).toBe(200);
  expect(answer?.headers()['content-type']).toMatch(/^text\/html/);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
});

test('signing in on the login page the printed URL led to opens the dashboard', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
  const amelia = provider('amelia');
  await page.getByLabel('Email').fill(amelia.email);
  await page.getByLabel('Password', { exact: true }).fill(amelia.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/Dashboard\/Dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' }).first()).toBeVisible();
});

test('the printed URL opens the dashboard for a signed-in provider', async ({ page }) => {
  await signInAs(page, 'amelia');
  await page.goto('/');
  await expect(page).toHaveURL(/\/Dashboard\/Dashboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' }).first()).toBeVisible();
});

test('the signed-in portal runs under the CSP without a violation', async ({ page }) => {
  const violations = await watchPolicies(page);
  const answer = await page.goto('/login');
  const csp = answer?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-inline');
  expect(csp).toContain("frame-ancestors 'none'");
  await signInAs(page, 'amelia');
  // Charts on the dashboard, the app socket, the chat over WebSocket, forms, tables and dialogs.
  await expect(page.locator('canvas, svg').first()).toBeVisible();
  const menu = page.getByRole('navigation', { name: 'Main menu' });
  for (const [name, url] of [
    ['Clients', /\/clients$/],
    ['Messages', /\/message$/],
    ['Calendar', /\/calendar$/],
    ['Appointments', /\/orders$/],
    ['Reports', /\/reports$/],
    ['Notifications', /\/notifications$/],
    ['Settings', /\/settings$/],
    ['Dashboard', /\/Dashboard\/Dashboard$/],
  ] as const) {
    await menu.getByRole('link', { name }).click();
    await expect(page).toHaveURL(url);
    await page.waitForLoadState('networkidle');
  }
  await page.goto('/profile/setting');
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual({ events: [], console: [] });
});

test('Swagger UI at /api/docs runs under the CSP without a violation', async ({ page }) => {
  const violations = await watchPolicies(page);
  const answer = await page.goto('/api/docs');
  expect(answer?.headers()['content-security-policy']).toContain("script-src 'self'");
  const operation = page.locator('.opblock').first();
  await expect(operation).toBeVisible();
  await operation.locator('.opblock-summary').click();
  await expect(page.locator('.opblock-body').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect(violations).toEqual({ events: [], console: [] });
});

test('the portal cannot be framed by another page', async ({ page }) => {
  const answer = await page.goto('/login');
  expect(answer?.headers()['x-frame-options']).toBe('DENY');
  await page.setContent(`<iframe src="${new URL('/login', page.url()).href}"></iframe>`);
  const frame = page.frames().find((f) => f !== page.mainFrame());
  await expect.poll(() => frame?.url() ?? '').not.toContain('/login');
});

test('the chat-password reset page is styled under its CSP without a violation', async ({ page }) => {
  const violations = await watchPolicies(page);
  // An expired link answers the same page frame (410) as a valid one.
  const answer = await page.goto('/qb/users/password/reset/confirm?user=1&expires=1&signature=0');
  expect(answer?.status()).toBe(410);
  const heading = page.getByRole('heading', { level: 1, name: 'This link has expired' });
  await expect(heading).toHaveCSS('color', 'rgb(158, 60, 248)');
  await expect(page.locator('body')).toHaveCSS('font-family', 'sans-serif');
  expect(violations).toEqual({ events: [], console: [] });
});
