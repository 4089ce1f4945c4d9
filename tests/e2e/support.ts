/** Shared steps for the end-to-end tests: personas sign in through the real login page. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { provider } from '../../fixtures';

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

export async function latestMailCode(email: string): Promise<string> {
  const dir = path.join(process.env.E2E_DATA_DIR!, 'outbox');
  for (let i = 0; i < 50; i++) {
    const files = (await readdir(dir).catch(() => [] as string[]))
      .filter((f) => f.endsWith(`${email}.eml`))
      .sort();
    if (files.length > 0) {
      const text = await readFile(path.join(dir, files.at(-1)!), 'utf8');
      return /reset code is (\d{6})/.exec(text)![1]!;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No mail for ${email} in the outbox`);
}

let counter = 0;
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${counter++}@clinic.example`;
}
