/**
 * Issue 12 in /settings: contact details saved without a new review (spec §7 updateDoctorInfo)
 * and the agreement versions the provider accepted (getPublishProtocolVersionInfo).
 */
import { expect, test } from '@playwright/test';
import { signInOverApi } from './support';
import { freshProvider } from './workspace-support';

test('a provider saves her phone and time zone and sees the agreements she accepted', async ({
  page,
  request,
}) => {
  const p = await freshProvider(request, 'settings');
  await signInOverApi(page, p.email, p.password);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Settings' }).click();

  const agreements = page.getByRole('table', { name: 'Accepted agreements' });
  await expect(
    agreements.getByRole('row', { name: /Terms of Service for providers Version 1/ }),
  ).toBeVisible();
  await expect(agreements.getByRole('row', { name: /Privacy Policy Version 1/ })).toBeVisible();

  const contact = page.getByRole('form', { name: 'Contact details' });
  await expect(contact.getByText(p.email)).toBeVisible();
  await contact.getByLabel('Phone').fill('12');
  await contact.getByRole('button', { name: 'Save contact details' }).click();
  await expect(contact.getByText('Enter a valid phone number')).toBeVisible();
  await contact.getByLabel('Phone').fill('+44 20 7946 0123');
  // The searchable time-zone picker (issue 26): a city typed, the option chosen from its region.
  await contact.getByRole('combobox', { name: 'Time zone' }).fill('dublin');
  await page
    .getByRole('group', { name: 'Europe' })
    .getByRole('option', { name: /^Dublin/ })
    .click();
  await contact.getByRole('button', { name: 'Save contact details' }).click();
  await expect(contact.getByRole('status')).toHaveText('Contact details saved.');

  await page.reload();
  await expect(page.getByRole('form', { name: 'Contact details' }).getByLabel('Phone')).toHaveValue(
    '+44 20 7946 0123',
  );
  await expect(
    page.getByRole('form', { name: 'Contact details' }).getByRole('combobox', { name: 'Time zone' }),
  ).toHaveAttribute('data-zone', 'Europe/Dublin');
});
