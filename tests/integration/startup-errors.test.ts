/** `npm start` failures end with one clear line, not a stack trace (issue 2). */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { templateFromEnv } from '../../scripts/lib/test-template.mjs';
import { ROOT, freePort, serverCommand } from '../support/stack';

/** Runs the server as `npm start` does until it exits by itself (it is killed after three minutes). */
async function runServer(
  env: Record<string, string>,
  onSpawn?: (child: ReturnType<typeof spawn>) => void,
): Promise<{ code: number | null; output: string }> {
  const [command, args] = await serverCommand();
  // A free chat port unless the test names one: the default (5222) is taken whenever `npm start`
  // runs on the same machine.
  const c2s = String(await freePort());
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: ROOT,
      // Without START_TIMING, which adds a line of its own for each step (docs/performance.md).
      env: {
        ...process.env,
        START_TIMING: '',
        PORTAL_DIR: '',
        LOG_LEVEL: 'fatal',
        XMPP_C2S_PORT: c2s,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    onSpawn?.(child);
    const timer = setTimeout(() => child.kill('SIGKILL'), 180_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

const meaningful = (output: string) =>
  output
    .split('\n')
    .filter((l) => l.trim() && !l.includes('ExperimentalWarning') && !l.includes('--trace-warnings'));

describe('start-up failures', () => {
  it('a taken PORT', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-err-'));
    const blocker = net.createServer();
    const port = await freePort();
    await new Promise<void>((r) => blocker.listen(port, '127.0.0.1', () => r()));
    try {
      const result = await runServer({ PORT: String(port), DATA_DIR: dataDir, PROSODY_BIN: '' });
      expect(result.code).toBe(1);
      expect(meaningful(result.output)).toEqual([
        `Cannot start: Port ${port} is already in use; stop what is using it or set PORT to a free port.`,
      ]);
    } finally {
      blocker.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('a taken XMPP_C2S_PORT', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-err-'));
    const blocker = net.createServer();
    const c2s = await freePort();
    await new Promise<void>((r) => blocker.listen(c2s, '127.0.0.1', () => r()));
    try {
      const result = await runServer({
        PORT: String(await freePort()),
        XMPP_C2S_PORT: String(c2s),
        DATA_DIR: dataDir,
      });
      expect(result.code).toBe(1);
      expect(meaningful(result.output)).toEqual([
        `Cannot start: Port ${c2s} is already in use; stop what is using it or set XMPP_C2S_PORT to a free port.`,
      ]);
    } finally {
      blocker.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('an unreachable DATABASE_URL', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-err-'));
    const closed = await freePort();
    try {
      const result = await runServer({
        PORT: String(await freePort()),
        DATA_DIR: dataDir,
        DATABASE_URL: `postgres://portal:secret@127.0.0.1:${closed}/portal`,
      });
      expect(result.code).toBe(1);
      const lines = meaningful(result.output);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(
        /^Cannot start: Cannot reach PostgreSQL at DATABASE_URL \(postgres:\/\/portal:\*\*\*@127\.0\.0\.1:\d+\/portal\)/,
      );
      expect(lines[0]).not.toContain('secret');
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('a bad configuration value', async () => {
    const result = await runServer({ PORT: 'eighty' });
    expect(result.code).toBe(1);
    expect(meaningful(result.output)).toEqual([
      'Cannot start: PORT must be a whole number between 0 and 65535 (got "eighty")',
    ]);
  });

  it('a PROSODY_MALLOC that names no library', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-err-'));
    try {
      const result = await runServer({
        PORT: String(await freePort()),
        XMPP_C2S_PORT: '0',
        DATA_DIR: dataDir,
        PROSODY_MALLOC: '/nonexistent/libjemalloc.so.2',
      });
      expect(result.code).toBe(1);
      expect(meaningful(result.output)).toEqual([
        "Cannot start: PROSODY_MALLOC is /nonexistent/libjemalloc.so.2, which does not exist: install libjemalloc2, name another library, or set it empty for glibc's allocator",
      ]);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('a Ctrl-C during start-up lets the step finish, then stops everything it started', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'portal-int-'));
    // The run's seeded database, where there is one: the steps are the same, without a first
    // run's migrations and seed to wait for (docs/testing.md "What a run shares").
    const template = templateFromEnv(null);
    if (template) await cp(template.dir, dataDir, { recursive: true });
    try {
      const result = await runServer(
        { PORT: String(await freePort()), XMPP_C2S_PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info' },
        // The first log line comes from the database being opened: well before Prosody starts.
        (child) => child.stdout!.once('data', () => child.kill('SIGINT')),
      );
      expect(result.code).toBe(0);
      expect(result.output).toContain('SIGINT received; stopping once the current start-up step is done');
      expect(result.output).not.toContain('Press Ctrl-C to stop');
      // Nothing is left running: server.json is removed and Prosody's pid file is gone.
      expect(existsSync(path.join(dataDir, 'server.json'))).toBe(false);
      const pidFile = path.join(dataDir, 'prosody', 'prosody.pid');
      if (existsSync(pidFile)) {
        const pid = Number(readFileSync(pidFile, 'utf8'));
        expect(() => process.kill(pid, 0)).toThrow();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});

describe('bootstrap failures', () => {
  it('a Debian package that cannot be installed ends with one line naming the log', async () => {
    // The package manager is replaced on PATH by one that knows nothing and fails to install.
    const bin = await mkdtemp(path.join(os.tmpdir(), 'portal-apt-'));
    const fake = (name: string, body: string) =>
      writeFile(path.join(bin, name), `#!/bin/sh\n${body}\n`, { mode: 0o755 });
    await fake('dpkg-query', 'case "$1" in --version) exit 0;; esac; exit 1');
    await fake('apt-get', 'echo "E: Unable to locate package $*" >&2; exit 100');
    await fake('sudo', 'shift; exec "$@"');
    try {
      const script =
        "import { ensureDebianPackages, runMain } from './scripts/lib/bootstrap.mjs';" +
        "await runMain(() => ensureDebianPackages(['prosody'], 'the chat server'));";
      const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
        const child = spawn(process.execPath, ['--input-type=module', '-e', script], {
          cwd: ROOT,
          env: { ...process.env, START_TIMING: '', PATH: `${bin}:${process.env.PATH}` },
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        let stdout = '';
        let stderr = '';
        child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
        child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
        child.on('exit', (code) => resolve({ code, stdout, stderr }));
      });
      expect(result.code).toBe(1);
      const lines = meaningful(result.stderr);
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/^Cannot continue: apt-get (update failed|could not install prosody)/);
      expect(lines[0]).toContain('provider-portal-bootstrap.log');
      expect(result.stdout).not.toContain('Unable to locate package');
    } finally {
      await rm(bin, { recursive: true, force: true });
    }
  });
});
