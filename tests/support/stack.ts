/**
 * Starts the real stack for a test run: the server (as a child process, exactly as `npm start`
 * runs it: the bundle in dist/server) with its Prosody, on free ports, with a data directory of
 * its own — PGlite by default, or a PostgreSQL database of its own when TEST_DATABASE_URL is set —
 * seeded from the run's template (docs/testing.md "What a run shares") or, without one, on first
 * start.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureServerBuilt } from '../../scripts/lib/bootstrap.mjs';
import { toolBundle } from '../../scripts/lib/server-bundle.mjs';
import { SERVER_NODE_FLAGS } from '../../scripts/lib/server-node-flags.mjs';
import {
  adminQuery,
  databaseUrl,
  makeTestTemplate,
  templateEnv,
  templateFromEnv,
} from '../../scripts/lib/test-template.mjs';
import { prosodyPaths } from '../../src/server/prosody/config';
import { stopLeftoverProsody } from '../../src/server/prosody/leftover';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

export interface StackInfo {
  url: string;
  port: number;
  c2sPort: number;
  dataDir: string;
  adminSecret: string;
  chatDomain: string;
  appId: number;
  databaseUrl: string | null;
}

export interface TestStack extends StackInfo {
  /** Stops the server and Prosody; keeps the data unless `remove` is set. */
  stop(options?: { remove?: boolean }): Promise<void>;
  /** Stops and starts again on the same data and ports. */
  restart(): Promise<void>;
  /**
   * Kills the server with SIGKILL, as a crash or the OOM killer would: nothing of it runs its
   * shutdown, so its Prosody child is left running. `restart()` starts it again.
   */
  crash(): Promise<void>;
  /** What the server printed, for failure messages. */
  output(): string;
  /** The server process's id while it runs (the load run samples its CPU). */
  pid(): number | undefined;
}

export interface StackOptions {
  env?: Record<string, string>;
  /** Serve the built portal from dist/portal (e2e); off for API tests. */
  portal?: boolean;
  /**
   * Another process of `peer`'s cluster (docs/architecture.md §5): the same data directory,
   * database and c2s port, and no Prosody of its own (it uses `peer`'s, whose PROSODY_HTTP_PORT
   * must have been set). Its `stop` leaves the shared data and `peer`'s Prosody alone.
   */
  joins?: TestStack;
  /**
   * An empty data directory and database, migrated and seeded by the server's first start, for
   * tests of that start; otherwise a stack starts from a copy of the run's seeded template.
   */
  fresh?: boolean;
}

/** How long a start may take on a loaded machine before it counts as failed: a safety net, not a wait. */
const START_LIMIT_MS = 180_000;

let serverBuild: Promise<string> | null = null;

/**
 * The command that runs the server as `npm start` does: plain Node on dist/server/main.mjs, built
 * once per process when a source is newer (scripts/lib/server-bundle.mjs), instead of compiling
 * src/server through tsx at every start.
 */
export async function serverCommand(): Promise<[string, string[]]> {
  serverBuild ??= ensureServerBuilt();
  return [process.execPath, [...SERVER_NODE_FLAGS, await serverBuild]];
}

/** The command that runs a tool of the server's build: the admin command or the member simulator. */
export async function toolCommand(name: 'admin' | 'member'): Promise<[string, string[]]> {
  serverBuild ??= ensureServerBuilt();
  await serverBuild;
  return [process.execPath, ['--enable-source-maps', path.join(ROOT, toolBundle(name))]];
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Makes this run's seeded template for the database in use, unless one was handed down
 * (`npm test` makes both before any layer starts), and hands it to the processes started after
 * (test workers inherit the environment); returns what removes it again.
 */
export async function provideTemplate(): Promise<() => Promise<void>> {
  const postgresUrl = process.env.TEST_DATABASE_URL || null;
  if (templateFromEnv(postgresUrl)) return async () => undefined;
  const [, args] = await serverCommand();
  const made = await makeTestTemplate({ root: ROOT, serverEntry: args.at(-1)!, postgresUrl });
  Object.assign(process.env, templateEnv([made]));
  return made.remove;
}

async function createTestDatabase(
  baseUrl: string,
  template: string | null,
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `portal_test_${Date.now()}_${randomBytes(3).toString('hex')}`;
  const create = `create database ${name}${template ? ` template ${template}` : ''}`;
  // A copy of the template waits while another stack's copy of it is being made (SQLSTATE 55006).
  for (let attempt = 1; ; attempt += 1) {
    try {
      await adminQuery(baseUrl, create);
      break;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt === 20) throw error;
      await new Promise((r) => setTimeout(r, 250 * attempt));
    }
  }
  return {
    url: databaseUrl(baseUrl, name),
    drop: () => adminQuery(baseUrl, `drop database if exists ${name} with (force)`),
  };
}

export async function startStack(options: StackOptions = {}): Promise<TestStack> {
  const peer = options.joins;
  const dataDir = peer?.dataDir ?? (await mkdtemp(path.join(os.tmpdir(), 'portal-test-')));
  const template = peer || options.fresh ? null : templateFromEnv(process.env.TEST_DATABASE_URL || null);
  if (template) await cp(template.dir, dataDir, { recursive: true });
  let port = await freePort();
  let c2sPort = peer?.c2sPort ?? (await freePort());
  const database = peer
    ? peer.databaseUrl
      ? { url: peer.databaseUrl, drop: async () => undefined }
      : null
    : process.env.TEST_DATABASE_URL
      ? await createTestDatabase(process.env.TEST_DATABASE_URL, template?.database ?? null)
      : null;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    XMPP_C2S_PORT: String(c2sPort),
    PORTAL_DIR: options.portal ? path.join(ROOT, 'dist/portal') : '',
    TRUST_PROXY: 'loopback',
    LOG_LEVEL: process.env.STACK_LOG_LEVEL ?? 'warn',
    // Each start-up step's time goes to the stack's log (src/server/main.ts), so a start that
    // runs into START_LIMIT_MS says which step it was in.
    START_TIMING: '1',
    ...(database ? { DATABASE_URL: database.url } : { DATABASE_URL: '' }),
    ...(peer ? { PROSODY_BIN: '', SEED: '0' } : {}),
    ...options.env,
  };
  let child: ChildProcess | null = null;
  let log = '';

  const [command, args] = await serverCommand();
  const launch = async () => {
    log = '';
    const proc = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    child = proc;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`Stack did not start in ${START_LIMIT_MS / 1000} s:\n${log}`)),
        START_LIMIT_MS,
      );
      const read = (d: Buffer) => {
        log += d.toString();
        if (log.includes('Provider portal is running at')) {
          clearTimeout(timer);
          resolve();
        }
      };
      proc.stdout!.on('data', read);
      proc.stderr!.on('data', read);
      proc.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`Stack exited with code ${code} during start:\n${log}`));
      });
    });
  };

  const halt = async (signal: NodeJS.Signals = 'SIGTERM') => {
    const proc = child as ChildProcess | null;
    child = null;
    // Already gone: by an exit code, or by a signal (then exitCode stays null).
    if (!proc || proc.exitCode !== null || proc.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      const kill = setTimeout(() => proc.kill('SIGKILL'), 10_000);
      proc.once('exit', () => {
        clearTimeout(kill);
        resolve();
      });
      proc.kill(signal);
    });
  };

  // A free port is picked here and bound by the server a moment later; a stack of another test
  // run on this machine can take it in between. The server then stops with "already in use"
  // (PortInUseError), and the start is tried again on other ports.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await launch();
      break;
    } catch (error) {
      if (attempt === 3 || !log.includes('is already in use')) throw error;
      port = await freePort();
      if (!peer) c2sPort = await freePort();
      Object.assign(env, { PORT: String(port), XMPP_C2S_PORT: String(c2sPort) });
    }
  }
  const secrets = JSON.parse(await readFile(path.join(dataDir, 'secrets.json'), 'utf8')) as { admin: string };
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    c2sPort,
    dataDir,
    adminSecret: secrets.admin,
    chatDomain: env.CHAT_DOMAIN || 'localhost',
    appId: Number(env.CHAT_APP_ID || 1001),
    databaseUrl: database?.url ?? null,
    async stop(stopOptions = {}) {
      await halt();
      if (peer) return;
      // After crash() without a restart, the Prosody it left behind (the server would stop it).
      await stopLeftoverProsody(prosodyPaths(dataDir), { warn: () => undefined });
      if (stopOptions.remove) {
        await rm(dataDir, { recursive: true, force: true });
        await database?.drop();
      }
    },
    async restart() {
      await halt();
      await launch();
    },
    crash: () => halt('SIGKILL'),
    output: () => log,
    pid: () => (child as ChildProcess | null)?.pid,
  };
}
