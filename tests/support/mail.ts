/** Mail the server wrote to `DATA_DIR/outbox` (no SMTP_URL): the newest one to an address that matches. */
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

export const RESET_CODE = /reset code is (\d{6})/;
export const VERIFICATION_CODE = /verification code is (\d{6})/;
export const SIGN_UP_CODE = /sign-up code is (\d{6})/;

/**
 * Every mail to `email` whose text matches `pattern`, oldest first. The server keeps addresses in
 * lower case (an address names its account whatever its case), so the outbox's file names do too.
 */
export async function mailsTo(dataDir: string, email: string, pattern: RegExp): Promise<string[]> {
  const dir = path.join(dataDir, 'outbox');
  const files = (await readdir(dir).catch(() => [] as string[]))
    .filter((f) => f.toLowerCase().endsWith(`${email.toLowerCase()}.eml`))
    .sort();
  const texts = await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')));
  return texts.filter((t) => pattern.test(t));
}

/**
 * The newest mail to `email` matching `pattern`, once more than `after` such mails exist (mail goes
 * out after the answer, so this waits up to 60 s, the helpers' limit (docs/testing.md "Waiting"):
 * `npm test` runs its layers side by side, and a loaded machine writes the outbox late).
 */
export async function awaitMail(dataDir: string, email: string, pattern: RegExp, after = 0): Promise<string> {
  for (let i = 0; i < 1200; i++) {
    const mails = await mailsTo(dataDir, email, pattern);
    if (mails.length > after) return mails.at(-1)!;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`No mail matching ${pattern} for ${email} in the outbox`);
}

/** The code (the pattern's first group) of the newest mail to `email` matching `pattern`, as {@link awaitMail}. */
export async function mailedCode(
  dataDir: string,
  email: string,
  pattern: RegExp,
  after = 0,
): Promise<string> {
  return pattern.exec(await awaitMail(dataDir, email, pattern, after))![1]!;
}
