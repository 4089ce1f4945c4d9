/**
 * A throwaway PostgreSQL cluster for the fault suite's PostgreSQL rows (docs/reliability.md): Debian's
 * `postgresql` binaries, `initdb` in a temporary directory as an unprivileged user, on a free
 * loopback port, trust authentication (loopback only), stopped and removed at the end.
 */
import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../support/stack';

const ROOT = '/usr/lib/postgresql';
const USER = 'postgres';

function binDir(): string | null {
  if (!existsSync(ROOT)) return null;
  const versions = readdirSync(ROOT)
    .filter((v) => existsSync(path.join(ROOT, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(ROOT, versions[0], 'bin') : null;
}

function unprivileged(): { uid: number; gid: number } | null {
  try {
    const id = (flag: string) => Number(execFileSync('id', [flag, USER]).toString().trim());
    return { uid: id('-u'), gid: id('-g') };
  } catch {
    return null;
  }
}

/** Why the PostgreSQL rows cannot run here, or null when they can. */
export function postgresMissing(): string | null {
  if (!binDir()) return `skipped: no PostgreSQL binaries in ${ROOT} (apt-get install -y postgresql)`;
  if (process.getuid?.() === 0 && !unprivileged())
    return `skipped: no unprivileged "${USER}" user for initdb`;
  return null;
}

export interface ThrowawayPostgres {
  /** postgres://portal@127.0.0.1:{port}/postgres */
  url: string;
  stop(): Promise<void>;
}

export async function startThrowawayPostgres(): Promise<ThrowawayPostgres> {
  const bin = binDir()!;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-pg-'));
  const data = path.join(dir, 'data');
  const port = await freePort();
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? unprivileged()! : null;
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const run = (tool: string, args: string[]) =>
    execFileSync(path.join(bin, tool), args, {
      cwd: dir,
      stdio: 'pipe',
      ...(owner ? { uid: owner.uid, gid: owner.gid } : {}),
    });
  run('initdb', ['-D', data, '-U', 'portal', '--auth=trust', '--no-sync', '-E', 'UTF8']);
  run('pg_ctl', [
    '-D',
    data,
    '-l',
    path.join(dir, 'log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
    '-w',
    'start',
  ]);
  return {
    url: `postgres://portal@127.0.0.1:${port}/postgres`,
    async stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
