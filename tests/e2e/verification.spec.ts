/**
 * /verification (spec §2, issue 12): sign-up mails a code; the new provider lands on the
 * verification page after the agreement, is reminded by a banner until she confirms, can ask for
 * a new code (then waits a minute), and is told which code is wrong.
 */
import { expect, test } from '@playwright/test';
import { VERIFICATION_CODE } from '../support/mail';
import { latestMailCode, signInAs, uniqueEmail } from './support';

test('a new provider confirms the mailed code, with a wrong code and a resend on the way', async ({
  page,
}) => {
  await page.goto('/toSign');
  await page.getByLabel('First name').fill('Lea');
  await page.getByLabel('Last name').fill('Brandt');
  const email = uniqueEmail('verify');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('Lea-pass-2026');
  await page.getByLabel('Confirm password').fill('Lea-pass-2026');
  await page.getByRole('button', { name: 'Create account' }).click();
  const agreement = page.getByRole('dialog', { name: 'Before you start' });
  await agreement.getByLabel('I have read and accept these documents').check();
  await agreement.getByRole('button', { name: 'Agree and continue' }).click();

  await expect(page).toHaveURL(/\/verification$/);
  const form = page.getByRole('form', { name: 'Confirm your e-mail address' });
  await expect(form.getByText(`We sent a 6-digit code to ${email}.`)).toBeVisible();
  // Outside the main layout (spec §2): no menu.
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);

  // Until confirmed, every page of the main layout reminds her.
  await page.goto('/Dashboard/Dashboard');
  const banner = page.getByRole('region', { name: 'Confirm your e-mail address' });
  await expect(banner).toContainText(`Confirm your e-mail address ${email} to submit your profile`);
  await banner.getByRole('link', { name: 'Enter the code' }).click();
  await expect(page).toHaveURL(/\/verification$/);

  const first = await latestMailCode(email, VERIFICATION_CODE);
  await form.getByLabel('Verification code').fill('12');
  await form.getByRole('button', { name: 'Confirm' }).click();
  await expect(form.getByText('Enter the 6 digits of the code')).toBeVisible();
  await form.getByLabel('Verification code').fill(first === '000000' ? '111111' : '000000');
  await form.getByRole('button', { name: 'Confirm' }).click();
  await expect(form.getByText('The code is wrong or has expired; ask for a new one.')).toBeVisible();

  await form.getByRole('button', { name: 'Send a new code' }).click();
  await expect(form.getByRole('status')).toHaveText(`A new code is on its way to ${email}.`);
  await expect(form.getByRole('button', { name: /Send a new code in \d+ s/ })).toBeDisabled();
  await expect
    .poll(async () => (await latestMailCode(email, VERIFICATION_CODE)) !== first || null)
    .toBeTruthy();
  const second = await latestMailCode(email, VERIFICATION_CODE);

  await form.getByLabel('Verification code').fill(second);
  await form.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByText(`Your e-mail address ${email} is confirmed.`)).toBeVisible();
  await page.getByRole('link', { name: 'Complete your profile' }).click();
  await expect(page).toHaveURL(/\/profile\/certification$/);
  await expect(page.getByRole('region', { name: 'Confirm your e-mail address' })).toHaveCount(0);
});

test('a seeded provider is confirmed already', async ({ page }) => {
  await signInAs(page, 'amelia');
  await expect(page.getByRole('region', { name: 'Confirm your e-mail address' })).toHaveCount(0);
  await page.goto('/verification');
  await expect(page.getByRole('status')).toHaveText(
    'Your e-mail address amelia.hart@clinic.example is confirmed.',
  );
  await expect(page.getByRole('link', { name: 'Complete your profile' })).toHaveCount(0);
  await page.getByRole('link', { name: 'Go to the dashboard' }).click();
  await expect(page).toHaveURL(/\/Dashboard\/Dashboard$/);
});
