/**
 * The portal tells the server of the provider's activity (docs/security.md "Automatic logoff"),
 * which ends sessions without it: nothing is reported while the page only runs by itself, and the
 * provider's input reports once per period (a minute by default).
 */
import { expect, test, type Page } from '@playwright/test';
import { signInOverApi } from './support';
import { freshProvider } from './workspace-support';

const reports = (page: Page) => {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/user/user/sign/activity/doctor'))
      seen.push(request.url());
  });
  return seen;
};

test('input reports activity at most once a minute; a page left alone reports nothing', async ({
  page,
  request,
}) => {
  const provider = await freshProvider(request, 'activity');
  const seen = reports(page);
  await signInOverApi(page, provider.email, provider.password);
  await page.waitForTimeout(2000);
  expect(seen).toHaveLength(0);

  const answered = page.waitForResponse((r) => r.url().endsWith('/user/user/sign/activity/doctor'));
  await page.mouse.move(200, 200);
  expect(await (await answered).json()).toMatchObject({ code: 'OK' });
  await page.mouse.move(300, 300);
  await page.keyboard.press('Shift');
  await page.waitForTimeout(1000);
  expect(seen).toHaveLength(1);
});
