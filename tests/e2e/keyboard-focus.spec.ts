/**
 * A keyboard user keeps her place (docs/conventions.md "Accessibility"): a control disabled while
 * its action runs has focus again once the action is over, in Chromium, which drops the focus of
 * a control that is disabled to the document. "Mark all as read" on /notifications (spec §4
 * Notifications) and the Done of an appointment's cancel (spec §2 /orders/detail) that fails.
 */
import { expect, test, type Locator } from '@playwright/test';
import { freshProvider } from './workspace-support';
import { listOf, signInAs, signInOverApi } from './support';

/** Presses Enter on `control` from the keyboard and waits for the answer to the call it makes. */
async function pressUntilAnswered(control: Locator, path: string): Promise<void> {
  await control.focus();
  const answered = control.page().waitForResponse((r) => r.url().includes(path));
  await control.press('Enter');
  await answered;
}

test('Mark all as read keeps the focus on its button', async ({ page, request }) => {
  const p = await freshProvider(request, 'focus');
  await signInOverApi(page, p.email, p.password, '/notifications');
  const button = page.getByRole('button', { name: 'Mark all as read' });
  await pressUntilAnswered(button, '/reddot/markReadAll');
  await expect(button).toBeEnabled();
  await expect(button).toBeFocused({ timeout: 5_000 });
});

test("a failed cancel leaves the focus on the dialog's Done", async ({ page }) => {
  await signInAs(page, 'amelia');
  const [appointment] = await listOf<{ id: number }>(
    page,
    '/api/consultation/invite/doctor/order/list?page=1&pageSize=50&status=UPCOMING',
  );
  // The cancel never reaches the server: the service is down, which takes it a second to say, and
  // the appointment stays as seeded.
  await page.route('**/consultation/invite/doctor/consultation/cancel', async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.fulfill({ status: 503, contentType: 'text/plain', body: 'Service Unavailable' });
  });
  await page.goto(`/orders/detail?id=${appointment!.id}`);
  await page.getByRole('button', { name: 'Cancel appointment' }).click();
  const dialog = page.getByRole('dialog', { name: 'Cancel the appointment?' });
  await dialog.getByRole('textbox').fill('The clinic is closed that day.');
  const done = dialog.getByRole('button', { name: 'Done' });
  await pressUntilAnswered(done, '/consultation/cancel');
  await expect(done).toBeEnabled();
  await expect(done).toBeFocused({ timeout: 5_000 });
});
