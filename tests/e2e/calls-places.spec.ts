/**
 * Issue 13, where calls start and the pre-call check, in Chromium with fake devices: a call from
 * an appointment's detail page, after which the provider is asked to end the consultation
 * (spec §7 `consultation/end?quickBloxId=`; the seeded appointment has not started, so the
 * server's refusal is what shows), and the pre-call check opened from Settings (camera
 * preview, a moving microphone level, the devices and a verdict).
 */
import { expect, test } from '@playwright/test';
import { personas } from '../../fixtures';
import { startMember } from '../support/member-simulator';
import { signInAs } from './support';

test('a call from an appointment, then the provider ends the consultation', async ({ page }) => {
  await signInAs(page, 'amelia');
  await page
    .getByRole('navigation', { name: 'Main menu' })
    .getByRole('link', { name: 'Appointments' })
    .click();
  const orders = page.getByRole('table', { name: 'Your appointments' });
  const upcoming = orders.getByRole('row').filter({ hasText: 'Upcoming' }).first();
  await upcoming.click();
  await expect(page).toHaveURL(/\/orders\/detail\?id=\d+$/);
  const detail = page.getByRole('article', { name: 'Appointment' });
  const callButton = detail.getByRole('button', { name: /^Audio call with / });
  const name = ((await callButton.getAttribute('aria-label')) ?? '').replace('Audio call with ', '');
  const client = personas.members.find((m) => m.name === name)!;
  expect(client, `a member persona named ${name}`).toBeTruthy();
  const sim = await startMember(process.env.E2E_BASE_URL!, client.key, {
    args: ['--answer-after-ms', '300', '--no-echo'],
  });
  try {
    await callButton.click();
    const check = page.getByRole('dialog', { name: 'Check your camera and microphone' });
    await expect(check.getByRole('status')).not.toHaveText('Checking…', { timeout: 60_000 });
    await check.getByRole('button', { name: 'Start call' }).click();
    const window = page.getByRole('region', { name: `Call with ${name}`, exact: true });
    await expect(window.getByRole('status')).toContainText('Connected', { timeout: 60_000 });
    await window.getByRole('button', { name: 'Leave' }).click();
    await page.getByRole('dialog', { name: 'Tips' }).getByRole('button', { name: 'Yes' }).click();

    const ask = page.getByRole('dialog', { name: 'End the consultation?' });
    await expect(ask.getByText(`The call with ${name} is over. End the consultation now?`)).toBeVisible();
    const ended = page.waitForRequest((r) => /consultation\/end\?quickBloxId=/.test(r.url()));
    await ask.getByRole('button', { name: 'End consultation' }).click();
    expect(new URL((await ended).url()).searchParams.get('quickBloxId')).toBe(String(client.chatId));
    // The seeded appointment starts later, so the server refuses, and its message is shown (spec §8).
    await expect(page.getByText('No consultation with this client is in progress')).toBeVisible();
    await expect(ask).toHaveCount(0);
  } finally {
    await sim.stop();
  }
});

test('the pre-call check from Settings: camera preview, a moving microphone level, devices, a verdict', async ({
  page,
}) => {
  await signInAs(page, 'amelia', '/settings');
  await page.getByRole('button', { name: 'Check your camera and microphone' }).click();
  const check = page.getByRole('group', { name: 'Check your camera and microphone' });
  const preview = check.getByLabel('Camera preview');
  await expect
    .poll(() => preview.evaluate((video: HTMLVideoElement) => video.videoWidth), { timeout: 60_000 })
    .toBeGreaterThan(0);
  await expect(check.getByRole('combobox', { name: 'Camera' })).toBeVisible();
  await expect(check.getByRole('combobox', { name: 'Microphone' })).toBeVisible();
  // Chromium's fake microphone beeps: the level moves.
  const meter = check.getByRole('meter', { name: 'Microphone level' });
  const levels = new Set<string | null>();
  await expect
    .poll(
      async () => {
        levels.add(await meter.getAttribute('aria-valuenow'));
        return levels.size;
      },
      { timeout: 60_000, intervals: [100] },
    )
    .toBeGreaterThan(2);
  await expect(check.getByRole('status')).not.toHaveText('Checking…', { timeout: 60_000 });
  await expect(check.getByRole('status')).not.toBeEmpty();
});
