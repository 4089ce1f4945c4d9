/**
 * Issue 27 item 8 in Chromium (docs/security.md "Second factor"): a provider adds a passkey in
 * Settings — with DevTools' virtual authenticator standing in for her device (WebAuthn domain of
 * the Chrome DevTools Protocol) — and signs in with it; another sets up an authenticator app from
 * the key the page shows, signs in with a code this test computes as an app would, and with a
 * recovery code; and, on a stack of its own with `REQUIRE_MFA=1`, a provider without a factor is
 * led to set one up before she reaches the dashboard. Passkeys are bound to the RP ID
 * `localhost`, so the passkey test uses the portal's `http://localhost:PORT` origin.
 */
import { expect, test, type Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { provider } from '../../fixtures';
import { startStack } from '../support/stack';
import { freshProvider } from './workspace-support';

const appCode = (secret: string, steps = 0) =>
  TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + steps * 30_000 });

async function signInAt(page: Page, origin: string, email: string, password: string) {
  await page.goto(`${origin}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function openSettings(page: Page) {
  await expect(page).toHaveURL(/\/Dashboard\/Dashboard$/);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Settings' }).click();
  return page.getByRole('region', { name: 'Second factor' });
}

async function signOutFromSettings(page: Page) {
  await page.getByRole('region', { name: 'Session' }).getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
}

/** The codes of the recovery-codes dialog, after which it is closed as saved. */
async function saveRecoveryCodes(page: Page): Promise<string[]> {
  const dialog = page.getByRole('dialog', { name: 'Save your recovery codes' });
  const list = dialog.getByRole('list', { name: 'Recovery codes' });
  await expect(list.getByRole('listitem')).toHaveCount(10);
  const codes = await list.getByRole('listitem').allTextContents();
  await dialog.getByRole('button', { name: 'I have saved these codes' }).click();
  await expect(dialog).toBeHidden();
  return codes;
}

test('a provider adds a passkey in Settings and signs in with it (virtual authenticator)', async ({
  page,
  request,
}) => {
  const origin = `http://localhost:${new URL(process.env.E2E_BASE_URL!).port}`;
  const p = await freshProvider(request, 'passkey');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  await signInAt(page, origin, p.email, p.password);
  const section = await openSettings(page);
  await expect(section.getByText('No second factor yet: your password alone signs you in.')).toBeVisible();
  await section.getByRole('button', { name: 'Add a passkey' }).click();
  const form = section.getByRole('form', { name: 'Add a passkey' });
  await form.getByLabel('Name of the passkey').fill('Clinic laptop');
  await form.getByRole('button', { name: 'Add a passkey' }).click();
  await saveRecoveryCodes(page);
  await expect(section.getByText('Clinic laptop')).toBeVisible();
  await expect(section.getByText('Signing in needs your password and a second factor.')).toBeVisible();
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(credentials).toHaveLength(1);
  expect(credentials[0]!.rpId).toBe('localhost');

  await signOutFromSettings(page);
  await signInAt(page, origin, p.email, p.password);
  await expect(page.getByRole('heading', { name: "Confirm it's you" })).toBeVisible();
  await page.getByRole('button', { name: 'Use a passkey' }).click();
  await expect(page).toHaveURL(/\/Dashboard\/Dashboard$/);
  const after = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
  expect(after.credentials[0]!.signCount).toBeGreaterThan(credentials[0]!.signCount);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page.getByRole('region', { name: 'Second factor' }).getByText(/last used/)).toBeVisible();
});

test('a provider sets up an authenticator app and signs in with its code, then with a recovery code', async ({
  page,
  request,
}) => {
  const origin = new URL(process.env.E2E_BASE_URL!).origin;
  const p = await freshProvider(request, 'totp');
  await signInAt(page, origin, p.email, p.password);
  const section = await openSettings(page);
  await section.getByRole('button', { name: 'Set up an authenticator app' }).click();
  await expect(section.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  const secret = (await section.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
  const confirm = section.getByRole('form', { name: 'Confirm the authenticator app' });
  await confirm
    .getByLabel('Code from your authenticator app')
    .fill('000000' === appCode(secret) ? '111111' : '000000');
  await confirm.getByRole('button', { name: 'Confirm the app' }).click();
  await expect(confirm.getByText(/The code is wrong or was used already/)).toBeVisible();
  await confirm.getByLabel('Code from your authenticator app').fill(appCode(secret));
  await confirm.getByRole('button', { name: 'Confirm the app' }).click();
  const codes = await saveRecoveryCodes(page);
  await expect(section.getByText(/^Set up /)).toBeVisible();
  await expect(section.getByText('10 unused codes left.')).toBeVisible();

  await signOutFromSettings(page);
  await signInAt(page, origin, p.email, p.password);
  await expect(page.getByRole('heading', { name: "Confirm it's you" })).toBeVisible();
  const step = page.getByRole('form', { name: 'Authenticator app code' });
  await step.getByLabel('Code from your authenticator app').fill(appCode(secret, 1));
  await step.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/Dashboard\/Dashboard$/);

  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Settings' }).click();
  await signOutFromSettings(page);
  await signInAt(page, origin, p.email, p.password);
  await page.getByRole('button', { name: 'Use a recovery code instead' }).click();
  const recovery = page.getByRole('form', { name: 'Recovery code' });
  await recovery.getByLabel('Recovery code').fill(codes[0]!.toLowerCase());
  await recovery.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/Dashboard\/Dashboard$/);
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Settings' }).click();
  await expect(
    page.getByRole('region', { name: 'Second factor' }).getByText('9 unused codes left.'),
  ).toBeVisible();
});

test('with REQUIRE_MFA=1 a provider without a factor sets up an app before she reaches the dashboard', async ({
  page,
}) => {
  const stack = await startStack({ portal: true, env: { REQUIRE_MFA: '1', PROSODY_BIN: '' } });
  try {
    const amelia = provider('amelia');
    await signInAt(page, stack.url, amelia.email, amelia.password);
    await expect(page.getByRole('heading', { name: 'Set up a second factor' })).toBeVisible();
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click();
    await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    const secret = (await page.getByTestId('totp-secret').textContent())!.replace(/\s/g, '');
    const confirm = page.getByRole('form', { name: 'Confirm the authenticator app' });
    await confirm.getByLabel('Code from your authenticator app').fill(appCode(secret));
    await confirm.getByRole('button', { name: 'Confirm the app' }).click();
    const codes = page.getByRole('region', { name: 'Save your recovery codes' });
    await expect(codes.getByRole('listitem')).toHaveCount(10);
    // The portal keeps the session only once she has acknowledged the codes.
    await expect(page).toHaveURL(/\/login$/);
    await codes.getByRole('button', { name: 'I have saved these codes' }).click();
    await expect(page).toHaveURL(/\/Dashboard\/Dashboard$/);
  } finally {
    await stack.stop({ remove: true });
  }
});
