/**
 * Builds the portal when its sources are newer than the build, then starts the real stack
 * (server serving the built portal, Prosody, PGlite) for the whole e2e run.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT, startStack } from '../support/stack';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

function ensureBuilt() {
  const index = path.join(ROOT, 'dist/portal/index.html');
  const sources = Math.max(
    newestMtime(path.join(ROOT, 'src')),
    statSync(path.join(ROOT, 'index.html')).mtimeMs,
  );
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  execFileSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'],
    { cwd: ROOT, stdio: 'inherit' },
  );
}

export default async function globalSetup() {
  ensureBuilt();
  const stack = await startStack({ portal: true });
  process.env.E2E_BASE_URL = stack.url;
  process.env.E2E_DATA_DIR = stack.dataDir;
  process.env.E2E_ADMIN_SECRET = stack.adminSecret;
  process.env.E2E_C2S_PORT = String(stack.c2sPort);
  return async () => {
    await stack.stop({ remove: true });
  };
}
