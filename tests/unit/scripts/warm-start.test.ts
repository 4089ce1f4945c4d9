// The warm path of `npm start` (docs/performance.md "Warm start"): what lets it skip `npm ci` and
// the server build, and what the server bundle keeps of its sources.
import {
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { installedMatchesLock, ROOT } from '../../../scripts/lib/bootstrap.mjs';
import { buildServerBundle, SERVER_BUNDLE, serverBundleStale } from '../../../scripts/lib/server-bundle.mjs';

describe('installedMatchesLock', () => {
  const lock = {
    packages: {
      '': { name: 'portal' },
      'node_modules/zod': { version: '4.0.0' },
      'node_modules/@esbuild/darwin-arm64': { version: '0.28.2', optional: true },
    },
  };
  const installed = { packages: { 'node_modules/zod': { version: '4.0.0' } } };

  it('accepts what npm installed from this lockfile, another platform’s optional build absent', () => {
    expect(installedMatchesLock(lock, installed)).toBe(true);
  });

  it('refuses another version, a missing package, an extra one or no record at all', () => {
    expect(installedMatchesLock(lock, { packages: { 'node_modules/zod': { version: '3.0.0' } } })).toBe(
      false,
    );
    expect(installedMatchesLock(lock, { packages: {} })).toBe(false);
    expect(
      installedMatchesLock(lock, {
        packages: { ...installed.packages, 'node_modules/left-pad': { version: '1.0.0' } },
      }),
    ).toBe(false);
    expect(installedMatchesLock(lock, null)).toBe(false);
  });
});

describe('the server bundle', () => {
  let root: string;
  const write = (file: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  };

  beforeEach(() => {
    root = mkdtempSync(path.join(tmpdir(), 'server-bundle-'));
    symlinkSync(path.join(ROOT, 'node_modules'), path.join(root, 'node_modules'));
    write('package-lock.json', '{}');
    write('src/server/where.ts', 'export const here = import.meta.url;\n');
    write(
      'src/server/main.ts',
      [
        "import { z } from 'zod';",
        "import fastify from 'fastify';",
        "import { here } from './where';",
        'export const shape = { z, fastify, here };',
        "export const pdf = () => import('./pdf');",
        '',
      ].join('\n'),
    );
    write('src/server/pdf.ts', 'export const pdf = 1;\n');
  });
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it('is stale until built, then until one of its inputs changes', async () => {
    expect(serverBundleStale(root)).toBe(true);
    await buildServerBundle(root);
    expect(serverBundleStale(root)).toBe(false);
    // Earlier, not later: a file newer than the build is one edited while it ran, built again anyway.
    const earlier = new Date(Date.now() - 60_000);
    utimesSync(path.join(root, 'src/server/where.ts'), earlier, earlier);
    expect(serverBundleStale(root)).toBe(true);
    await buildServerBundle(root);
    expect(serverBundleStale(root)).toBe(false);
    utimesSync(path.join(root, 'package-lock.json'), earlier, earlier);
    expect(serverBundleStale(root)).toBe(true);
  });

  it('keeps each own file’s import.meta.url, inlines the listed packages, imports the rest, splits dynamic imports', async () => {
    await buildServerBundle(root);
    const code = readFileSync(path.join(root, SERVER_BUNDLE), 'utf8');
    // Booleans, so that a failure does not print the bundle.
    expect(code.includes(JSON.stringify(pathToFileURL(path.join(root, 'src/server/where.ts')).href))).toBe(
      true,
    );
    expect(/from\s*["']fastify["']/.test(code)).toBe(true);
    expect(/from\s*["']zod["']/.test(code)).toBe(false);
    expect(/import\(\s*["']\.\/chunks\/pdf-/.test(code)).toBe(true);
    const { shape } = (await import(pathToFileURL(path.join(root, SERVER_BUNDLE)).href)) as {
      shape: { here: string; z: { object: unknown } };
    };
    expect(shape.here).toBe(pathToFileURL(path.join(root, 'src/server/where.ts')).href);
    expect(typeof shape.z.object).toBe('function');
  });
});
