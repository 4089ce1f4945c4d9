// A throwaway PostgreSQL cluster (docs/architecture.md §5): Debian's `postgresql` binaries, `initdb`
// in a temporary directory as an unprivileged user (root cannot run postgres), trust authentication
// on 127.0.0.1 and a free port, stopped and removed by `stop()`. `npm test` runs the integration
// suite on it, `npm run start:cluster` runs the cluster on it. Plain Node, no dependencies.
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const PG_ROOT = '/usr/lib/postgresql';
const UNPRIVILEGED = ['postgres', 'nobody'];

/** The newest installed PostgreSQL's bin directory, or null. */
export function postgresBinDir() {
  if (!existsSync(PG_ROOT)) return null;
  const versions = readdirSync(PG_ROOT)
    .filter((v) => existsSync(path.join(PG_ROOT, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(PG_ROOT, versions[0], 'bin') : null;
}

function unprivilegedUser() {
  for (const user of UNPRIVILEGED) {
    try {
      const id = (flag) => Number(execFileSync('id', [flag, user], { stdio: 'pipe' }).toString().trim());
      return { uid: id('-u'), gid: id('-g') };
    } catch {
      // not on this machine; try the next
    }
  }
  return null;
}

/** Why a throwaway cluster cannot start here, or null when it can. */
export function postgresMissing() {
  if (!postgresBinDir()) return `no PostgreSQL binaries in ${PG_ROOT} (apt-get install -y postgresql)`;
  if (process.getuid?.() === 0 && !unprivilegedUser())
    return `no unprivileged user (${UNPRIVILEGED.join(' or ')}) to run PostgreSQL as`;
  return null;
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts a cluster and returns `{ url, dir, stop() }`; `url` is
 * postgres://portal@127.0.0.1:{port}/postgres. `stop()` is idempotent and synchronous so that it
 * can run from an exit or signal handler.
 */
export async function startThrowawayPostgres({ maxConnections = 200 } = {}) {
  const bin = postgresBinDir();
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-pg-'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  const owner = process.getuid?.() === 0 ? unprivilegedUser() : null;
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const run = (tool, args) =>
    execFileSync(path.join(bin, tool), args, {
      cwd: dir,
      stdio: 'pipe',
      ...(owner ? { uid: owner.uid, gid: owner.gid } : {}),
    });
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } catch {
      // not running (initdb or start failed); the directory goes anyway
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  try {
    run('initdb', ['-D', data, '-U', 'portal', '--auth=trust', '--no-sync', '-E', 'UTF8']);
    const options = [
      `-p ${port}`,
      `-k ${dir}`,
      '-c listen_addresses=127.0.0.1',
      `-c max_connections=${maxConnections}`,
      // Throwaway data: durability buys nothing and costs the tests' wall time.
      '-c fsync=off',
      '-c synchronous_commit=off',
      '-c full_page_writes=off',
    ].join(' ');
    run('pg_ctl', ['-D', data, '-l', path.join(dir, 'log'), '-o', options, '-w', 'start']);
  } catch (error) {
    stop();
    throw error;
  }
  return { url: `postgres://portal@127.0.0.1:${port}/postgres`, dir, stop };
}
