/**
 * What happens at start (spec §1): the browser notification permission is requested once while
 * the browser has not decided, never when it has; the saved language is used if supported,
 * otherwise English.
 */
import { expect, test, type Page } from '@playwright/test';

interface PermissionStub {
  /** What Notification.permission says before any request. */
  initial: NotificationPermission;
  /** What the user answers to the request ('throw' for a browser that rejects the call). */
  answer: NotificationPermission | 'throw';
}

/**
 * Replaces the browser's permission state and request with a recorder kept in session storage,
 * so the calls survive reloads and the test reads them back.
 */
async function stubNotificationPermission(page: Page, stub: PermissionStub) {
  await page.addInitScript((s: PermissionStub) => {
    const STATE = '__test_notification_permission';
    const CALLS = '__test_notification_requests';
    Object.defineProperty(Notification, 'permission', {
      configurable: true,
      get: () => sessionStorage.getItem(STATE) ?? s.initial,
    });
    Notification.requestPermission = () => {
      sessionStorage.setItem(CALLS, String(Number(sessionStorage.getItem(CALLS) ?? 0) + 1));
      if (s.answer === 'throw') return Promise.reject(new Error('Permission request refused by the browser'));
      sessionStorage.setItem(STATE, s.answer);
      return Promise.resolve(s.answer);
    };
  }, stub);
}

const requests = (page: Page) =>
  page.evaluate(() => Number(sessionStorage.getItem('__test_notification_requests') ?? 0));

test.describe('browser notification permission at start', () => {
  test('is requested once when the browser has not decided, and granted stays granted', async ({ page }) => {
    await stubNotificationPermission(page, { initial: 'default', answer: 'granted' });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await requests(page)).toBe(1);
    await page.reload();
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await requests(page)).toBe(1);
  });

  test('a denial is respected: not asked again, and the portal works on', async ({ page }) => {
    await stubNotificationPermission(page, { initial: 'default', answer: 'denied' });
    await page.goto('/login');
    await expect.poll(() => requests(page)).toBe(1);
    await page.reload();
    await page.goto('/toSign');
    await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible();
    expect(await requests(page)).toBe(1);
  });

  test('a browser that rejects the request does not stop the portal from starting', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await stubNotificationPermission(page, { initial: 'default', answer: 'throw' });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await requests(page)).toBe(1);
    expect(errors).toEqual([]);
  });

  test('is not requested when the browser already granted it (context permission)', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ permissions: ['notifications'] });
    const page = await context.newPage();
    await page.addInitScript(() => {
      const original = Notification.requestPermission.bind(Notification);
      Notification.requestPermission = (...args: Parameters<typeof Notification.requestPermission>) => {
        sessionStorage.setItem('__test_notification_requests', '1');
        return original(...args);
      };
    });
    await page.goto(`${baseURL}/login`);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect(await page.evaluate(() => Notification.permission)).toBe('granted');
    expect(await requests(page)).toBe(0);
    await context.close();
  });
});

test.describe('language at start', () => {
  const saveLanguage = (page: Page, language: string) =>
    page.addInitScript((l: string) => {
      if (!sessionStorage.getItem('__test_language_saved')) {
        localStorage.setItem('language', l);
        sessionStorage.setItem('__test_language_saved', '1');
      }
    }, language);

  test('an unsupported saved language (pt) falls back to English', async ({ page }) => {
    await saveLanguage(page, 'pt');
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByText('Sign in to the provider portal')).toBeVisible();
  });

  test('a supported saved language (it) is used', async ({ page }) => {
    await saveLanguage(page, 'it');
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Accedi' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  });
});
