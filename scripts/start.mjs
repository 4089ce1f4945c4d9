// `npm start`: bootstrap, then the server (which migrates and seeds the database, starts Prosody,
// prints the URL and demo logins). Ctrl-C reaches the server, which stops what it started.
// A warm start (everything installed and built) is a few cheap checks and the server's own start;
// START_TIMING=1 prints each step (docs/performance.md "Warm start").
import { spawn } from 'node:child_process';
import { bootstrap, ensureServerBuilt, ROOT, runMain, timed } from './lib/bootstrap.mjs';
import { SERVER_NODE_FLAGS } from './lib/server-node-flags.mjs';

await runMain(async () => {
  await bootstrap({ chromium: false, build: true });
  const server = await timed('server build', ensureServerBuilt);
  // Plain Node on the bundle, with the server's options (scripts/lib/server-node-flags.mjs).
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, server], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  // The terminal's Ctrl-C reaches the server directly (same process group); a signal sent to this
  // process alone is passed on. The server stops once however often it is told.
  process.on('SIGINT', () => child.kill('SIGINT'));
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 0 : 1))));
});
