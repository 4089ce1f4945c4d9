// The lockfile is what `npm ci` installs on every CI run and deploy: it must be complete for every
// platform, and every locked package must run on the Node versions package.json promises.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
// @ts-expect-error -- a plain Node script without types
import { fillPlatformBuilds, platformOf } from '../../scripts/lock-platforms.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const pkg = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'));

describe('package-lock.json', () => {
  it('is accepted by npm ci (a dry run in a copy, without touching node_modules)', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lockfile-'));
    try {
      for (const file of ['package.json', 'package-lock.json', '.npmrc'])
        copyFileSync(path.join(ROOT, file), path.join(dir, file));
      const ci = spawnSync('npm', ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund'], {
        cwd: dir,
        encoding: 'utf8',
      });
      expect(ci.stderr + ci.stdout).not.toMatch(/Missing: |EBADENGINE/);
      expect(ci.status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('lists every optional platform build (npm run lock:platforms adds none)', () => {
    const copy = structuredClone(lock);
    expect(fillPlatformBuilds(copy)).toEqual([]);
  });

  it('holds only packages that run on every Node version package.json promises', () => {
    const promised: string = pkg.engines.node;
    type Entry = { engines?: { node?: string }; os?: string[]; cpu?: string[] };
    const refused = Object.entries<Entry>(lock.packages)
      // Platform builds install only where they run; the others are skipped by npm.
      .filter(([, entry]) => entry.engines?.node && !entry.os && !entry.cpu)
      .filter(([, entry]) => !semver.subset(promised, entry.engines!.node!))
      .map(([name, entry]) => `${name.replace(/^.*node_modules\//, '')} needs Node ${entry.engines!.node}`);
    expect(refused).toEqual([]);
  });
});

describe('platformOf', () => {
  it('reads os, cpu and libc from a platform build name', () => {
    expect(platformOf('@tailwindcss/oxide-darwin-arm64')).toEqual({ os: ['darwin'], cpu: ['arm64'] });
    expect(platformOf('@unrs/resolver-binding-linux-arm-musleabihf')).toEqual({
      os: ['linux'],
      cpu: ['arm'],
      libc: ['musl'],
    });
    expect(platformOf('@tailwindcss/oxide-wasm32-wasi')).toEqual({ cpu: ['wasm32'] });
    expect(platformOf('fsevents')).toBeNull();
  });
});
