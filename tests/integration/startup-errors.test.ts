/** `npm start` failures end with one clear line, not a stack trace (issue 2). */
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, freePort } from '../support/stack';

function runServer(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'src/server/main.ts')], {
      cwd: ROOT,
      env: { ...process.env, PORTAL_DIR: '', LOG_LEVEL: 'fatal', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), 60_000);
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
});
