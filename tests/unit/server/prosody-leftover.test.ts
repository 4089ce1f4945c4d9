/**
 * A Prosody left running by a killed server (src/server/prosody/leftover.ts): found through its
 * pidfile only when the process's command line names this data directory's configuration, and
 * stopped; any other process behind a stale pidfile is left alone. Stand-in processes are plain
 * Node children, so no Prosody is needed.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { prosodyPaths, type ProsodyPaths } from '../../../src/server/prosody/config';
import { leftoverProsody, stopLeftoverProsody } from '../../../src/server/prosody/leftover';

let dir = '';
let paths: ProsodyPaths;
const children: ChildProcess[] = [];
const quiet = { warn: () => undefined };

/** A long-running process whose arguments are `args`. */
function idle(...args: string[]): ChildProcess {
  const child = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)', '--', ...args], {
    stdio: 'ignore',
  });
  children.push(child);
  return child;
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise<void>((resolve) => child.once('exit', () => resolve()));

beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'leftover-'));
  paths = prosodyPaths(dir);
  await mkdir(paths.root, { recursive: true });
});

afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  await rm(dir, { recursive: true, force: true });
});

describe.runIf(process.platform === 'linux')('a leftover Prosody', () => {
  it('is stopped when its command line names our configuration', async () => {
    const child = idle('--config', paths.configFile);
    await new Promise((r) => setTimeout(r, 200));
    await writeFile(paths.pidFile, `${child.pid}\n`);
    expect(await leftoverProsody(paths)).toBe(child.pid);
    expect(await stopLeftoverProsody(paths, quiet)).toBe(child.pid);
    await exited(child);
    expect(child.signalCode).toBe('SIGTERM');
    expect(await leftoverProsody(paths)).toBeNull();
  });

  it('leaves any other process behind a stale pidfile alone, and ignores a missing or bad pidfile', async () => {
    const other = idle('--config', path.join(dir, 'elsewhere.cfg.lua'));
    await new Promise((r) => setTimeout(r, 200));
    await writeFile(paths.pidFile, `${other.pid}\n`);
    expect(await stopLeftoverProsody(paths, quiet)).toBeNull();
    expect(other.exitCode).toBeNull();
    expect(other.signalCode).toBeNull();

    await writeFile(paths.pidFile, `${process.pid}\n`);
    expect(await leftoverProsody(paths)).toBeNull();
    await writeFile(paths.pidFile, 'not a pid');
    expect(await leftoverProsody(paths)).toBeNull();
    await rm(paths.pidFile);
    expect(await leftoverProsody(paths)).toBeNull();
  });
});
