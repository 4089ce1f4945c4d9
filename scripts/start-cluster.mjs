// `npm run start:cluster`: the several-process topology on this machine (docs/architecture.md §5
// "Several processes"). PostgreSQL (DATABASE_URL, or a throwaway cluster removed at the end), N
// server processes (CLUSTER_SERVERS, default 2) sharing one DATA_DIR (its secrets.json and the
// admin socket of the one Prosody), the first of which supervises Prosody, and nginx in front on
// PORT (default 8080) with WebSocket upgrade, retrying a refused request on the next process.
// Prosody's hooks call back through nginx, so any process answers them. Ctrl-C stops everything.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { bootstrap, BootstrapError, ensureDebianPackages, ROOT, runMain } from './lib/bootstrap.mjs';
import { SERVER_GC_FLAGS } from './lib/server-node-flags.mjs';
import { postgresMissing, startThrowawayPostgres } from './lib/throwaway-postgres.mjs';

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** nginx in the foreground with its own prefix: no system configuration or service is touched. */
function nginxConfig(dir, port, servers) {
  return `worker_processes 1;
daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
${process.getuid?.() === 0 ? 'user nobody nogroup;' : ''}
events { worker_connections 8192; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  client_max_body_size 50m;
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  # Every process proxies the chat to the same Prosody, so no request needs stickiness: round robin,
  # and a process that refuses or drops a connection has the (idempotent) request retried on the next.
  upstream portal {
${servers.map((s) => `    server 127.0.0.1:${s} max_fails=1 fail_timeout=2s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass http://portal;
      proxy_http_version 1.1;
      proxy_set_header Host $http_host;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_next_upstream error timeout http_502 http_503;
      proxy_read_timeout 3600s;
    }
  }
}
`;
}

function startServer(env, name) {
  const child = spawn(
    process.execPath,
    [...SERVER_GC_FLAGS, '--import', 'tsx', path.join(ROOT, 'src/server/main.ts')],
    {
      cwd: ROOT,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
      detached: true,
    },
  );
  let out = '';
  const ready = new Promise((resolve, reject) => {
    child.stdout.on('data', (d) => {
      out += d.toString();
      if (out.includes('Provider portal is running at')) resolve();
    });
    child.once('exit', (code) =>
      reject(new BootstrapError(`${name} exited with code ${code} during start:\n${out}`)),
    );
  });
  return { name, child, ready };
}

await runMain(async () => {
  await bootstrap({ chromium: false, build: true });
  await ensureDebianPackages(['nginx'], 'the reverse proxy in front of the server processes');
  if (!process.env.DATABASE_URL)
    await ensureDebianPackages(['postgresql'], 'the database the processes share');
  const count = Math.max(2, Number(process.env.CLUSTER_SERVERS || 2));
  const port = Number(process.env.PORT || 8080);
  const proxyUrl = `http://127.0.0.1:${port}`;
  const dataDir = path.resolve(ROOT, process.env.DATA_DIR || '.data-cluster');
  mkdirSync(dataDir, { recursive: true });
  const running = [];
  let postgres = null;
  let nginxDir = null;
  const stopAll = () => {
    for (const p of running.reverse()) if (p.exitCode === null) p.kill('SIGTERM');
    running.length = 0;
  };
  const cleanup = async () => {
    const children = [...running];
    stopAll();
    await Promise.all(
      children.map((c) => (c.exitCode === null ? new Promise((r) => c.once('exit', r)) : null)),
    );
    postgres?.stop();
    if (nginxDir) rmSync(nginxDir, { recursive: true, force: true });
  };
  try {
    let databaseUrl = process.env.DATABASE_URL;
    if (!databaseUrl) {
      const missing = postgresMissing();
      if (missing) throw new BootstrapError(`Cannot start a throwaway PostgreSQL: ${missing}`);
      postgres = await startThrowawayPostgres();
      databaseUrl = postgres.url;
      console.log(
        `• Throwaway PostgreSQL at ${databaseUrl} (removed at the end; set DATABASE_URL to keep data)`,
      );
    }
    const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
    const shared = {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PUBLIC_ORIGIN: proxyUrl,
      TRUST_PROXY: 'loopback',
      PROSODY_HTTP_PORT: String(process.env.PROSODY_HTTP_PORT || (await freePort())),
      XMPP_C2S_PORT: process.env.XMPP_C2S_PORT || '5222',
      LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    };
    const first = startServer({ ...shared, PORT: String(ports[0]), PROSODY_HOOK_URL: proxyUrl }, 'server 1');
    running.push(first.child);
    await first.ready;
    const others = ports
      .slice(1)
      .map((p, i) =>
        startServer({ ...shared, PORT: String(p), PROSODY_BIN: '', SEED: '0' }, `server ${i + 2}`),
      );
    running.push(...others.map((o) => o.child));
    await Promise.all(others.map((o) => o.ready));

    nginxDir = mkdtempSync(path.join(os.tmpdir(), 'portal-nginx-'));
    if (process.getuid?.() === 0) spawnSync('chown', ['nobody', nginxDir]);
    writeFileSync(path.join(nginxDir, 'nginx.conf'), nginxConfig(nginxDir, port, ports));
    const nginx = spawn('/usr/sbin/nginx', ['-p', nginxDir, '-c', path.join(nginxDir, 'nginx.conf')], {
      stdio: 'inherit',
      detached: true,
    });
    running.push(nginx);
    await new Promise((r) => setTimeout(r, 500));
    if (nginx.exitCode !== null) throw new BootstrapError(`nginx did not start on port ${port} (PORT)`);
    console.log(`\nProvider portal (cluster of ${count} processes) is running at ${proxyUrl}`);
    console.log(
      `  servers: ${ports.map((p) => `127.0.0.1:${p}`).join(', ')} · XMPP c2s: ${shared.XMPP_C2S_PORT}`,
    );
    console.log('  Press Ctrl-C to stop.');
    await new Promise((resolve) => {
      process.once('SIGINT', resolve);
      process.once('SIGTERM', resolve);
      for (const child of running) child.once('exit', resolve);
    });
    return 0;
  } finally {
    await cleanup();
  }
});
