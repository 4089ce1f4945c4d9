/**
 * Secrets kept in `DATA_DIR/secrets.json`, created on first start with mode 0600: the Prosody hook
 * secret, the admin secret (for `npm run admin` and the member simulator over loopback) and the
 * key that derives providers' chat passwords.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

export interface Secrets {
  prosodyHook: string;
  admin: string;
  chatPasswordKey: string;
}

export const SECRETS_FILE = 'secrets.json';

export async function loadOrCreateSecrets(dataDir: string): Promise<Secrets> {
  const file = path.join(dataDir, SECRETS_FILE);
  await mkdir(dataDir, { recursive: true });
  try {
    return JSON.parse(await readFile(file, 'utf8')) as Secrets;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  const secrets: Secrets = {
    prosodyHook: randomBytes(32).toString('base64url'),
    admin: randomBytes(32).toString('base64url'),
    chatPasswordKey: randomBytes(32).toString('base64url'),
  };
  await writeFile(file, JSON.stringify(secrets, null, 2), { mode: 0o600, flag: 'wx' });
  return secrets;
}
