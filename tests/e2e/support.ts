/** Shared steps for the end-to-end tests: personas sign in through the real login page. */
import { expect, type Page } from '@playwright/test';
import { provider } from '../../fixtures';
import { mailedCode, RESET_CODE } from '../support/mail';

export async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

export async function signInAs(page: Page, key: string) {
  const p = provider(key);
  await signInThroughForm(page, p.email, p.password);
  await expect(page).toHaveURL(/\/Dashboard\/Dashboard$/);
}

/**
 * The code of the newest mail to `email` matching `pattern` (a reset code unless told), from the
 * outbox of the shared e2e stack unless another stack's data directory is given.
 */
export function latestMailCode(
  email: string,
  pattern: RegExp = RESET_CODE,
  dataDir: string = process.env.E2E_DATA_DIR!,
): Promise<string> {
  return mailedCode(dataDir, email, pattern);
}

let counter = 0;
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${counter++}@clinic.example`;
}

/** Resolves once the portal's app socket has sent its last SUBSCRIBE (id 3, spec §7). */
export function socketSubscribed(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      if (!ws.url().endsWith('/socket')) return;
      ws.on('framesent', ({ payload }) => {
        const text = typeof payload === 'string' ? payload : payload.toString();
        if (text.startsWith('SUBSCRIBE') && /\nid:3\n/.test(text)) resolve();
      });
    });
  });
}

/** Frames the remote video presents over a second (requestVideoFrameCallback), and its width. */
export function framesInASecond(page: Page): Promise<{ width: number; frames: number }> {
  return page.getByTestId('remote-video').evaluate(
    (video: HTMLVideoElement) =>
      new Promise((resolve) => {
        let frames = 0;
        const count = () => {
          frames++;
          video.requestVideoFrameCallback(count);
        };
        video.requestVideoFrameCallback(count);
        setTimeout(() => resolve({ width: video.videoWidth, frames }), 1000);
      }),
  );
}
