/** Test-run global setup: regenerates the app socket codec when a .proto file is newer than it. */
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export function setup() {
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/proto-gen.mjs'), '--if-stale'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
}
