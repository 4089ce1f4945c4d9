/**
 * /verification (spec §2, issue 12) for an account made before sign-up confirmed addresses
 * (docs/security.md "Sign-up"): Dr. Erin is reminded by a banner until she confirms, asks for a
 * code (then waits a minute before the next), and is told which code is wrong. New accounts are
 * confirmed by their sign-up code (foundation.spec.ts).
 */
import { expect, test } from '@playwright/test';
import { provider } from '../../fixtures';
import { VERIFICATION_CODE } from '../support/mail';
import { latestMailCode, signInAs } from './support';

test('a provider whose address is not confirmed asks for a code and confirms it, with a wrong code on the way', async ({
  page,
}) => {
  const { email } = provider('erin');
  await signInAs(page, 'erin');
  // Until confirmed, every page of the main layout reminds her.
  const banner = page.getByRole('region', { name: 'Confirm your e-mail address' });
  await expect(banner).toContainText(`Confirm your e-mail address ${email} to submit your profile`);
  await banner.getByRole('link', { name: 'Enter the code' }).click();
  await expect(page).toHaveURL(/\/verification$/);
  const form = page.getByRole('form', { name: 'Confirm your e-mail address' });
  await expect(form.getByText(`Confirm ${email} with a 6-digit code we mail you`)).toBeVisible();
  // Outside the main layout (spec §2): no menu.
  await expect(page.getByRole('navigation', { name: 'Main menu' })).toHaveCount(0);

  await form.getByRole('button', { name: 'Send a new code' }).click();
  await expect(form.getByRole('status')).toHaveText(`A new code is on its way to ${email}.`);
  await expect(form.getByRole('button', { name: /Send a new code in \d+ s/ })).toBeDisabled();
  const code = await latestMailCode(email, VERIFICATION_CODE);

  await form.getByLabel('Verification code').fill('12');
  await form.getByRole('button', { name: 'Confirm' }).click();
  await expect(form.getByText('Enter the 6 digits of the code')).toBeVisible();
  await form.getByLabel('Verification code').fill(code === '000000' ? '111111' : '000000');
  await form.getByRole('button', { name: 'Confirm' }).click();
  await expect(form.getByText('The code is wrong or has expired; ask for a new one.')).toBeVisible();

  await form.getByLabel('Verification code').fill(code);
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
