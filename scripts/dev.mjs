// `npm run dev`: the same stack with Vite's dev server and hot reload in front (docs/architecture.md §1).
// The server runs the API, chat and sockets on PORT; Vite serves the portal and proxies to it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { bootstrap, ROOT, runMain } from './lib/bootstrap.mjs';

await runMain(async () => {
  await bootstrap({ chromium: false, build: false });
  const port = process.env.PORT || '8080';
  // Vite's origin serves the portal here: its proxy forwards that Host and the sockets' Origin.
  const vitePort = process.env.VITE_PORT ?? 5173;
  const viteOrigins = [`http://127.0.0.1:${vitePort}`, `http://localhost:${vitePort}`];
  const allowedOrigins = [process.env.ALLOWED_ORIGINS, ...viteOrigins].filter(Boolean).join(',');
  const server = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/server/main.ts')], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, PORT: port, PORTAL_DIR: '', ALLOWED_ORIGINS: allowedOrigins },
  });
  const vite = spawn(process.execPath, [path.join(ROOT, 'node_modules/vite/bin/vite.js')], {
    cwd: ROOT,
    stdio: 'inherit',
    env: { ...process.env, BACKEND_URL: `http://127.0.0.1:${port}` },
  });
  process.on('SIGINT', () => undefined);
  process.on('SIGTERM', () => {
    server.kill('SIGTERM');
    vite.kill('SIGTERM');
  });
  return new Promise((resolve) => {
    let first = true;
    const done = (code) => {
      if (!first) return resolve(code ?? 0);
      first = false;
      server.kill('SIGTERM');
      vite.kill('SIGTERM');
    };
    server.on('exit', done);
    vite.on('exit', done);
  });
});
