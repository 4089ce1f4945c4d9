// `npm start`: bootstrap, then the server (which migrates and seeds the database, starts Prosody,
// prints the URL and demo logins). Ctrl-C reaches the server, which stops what it started.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { bootstrap, ROOT, runMain } from './lib/bootstrap.mjs';

await runMain(async () => {
  bootstrap({ chromium: false, build: true });
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/server/main.ts')], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  // The terminal's Ctrl-C reaches the server directly (same process group); a signal sent to this
  // process alone is passed on. The server stops once however often it is told.
  process.on('SIGINT', () => child.kill('SIGINT'));
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 0 : 1))));
});
