/** Builds the portal (npm run build: proto codec, then Vite) when its sources are newer than the build. */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './stack';

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

export function ensurePortalBuilt(): void {
  const index = path.join(ROOT, 'dist/portal/index.html');
  const sources = Math.max(
    newestMtime(path.join(ROOT, 'src')),
    newestMtime(path.join(ROOT, 'proto')),
    statSync(path.join(ROOT, 'index.html')).mtimeMs,
  );
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  execFileSync('npm', ['run', '--silent', 'build', '--', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}
