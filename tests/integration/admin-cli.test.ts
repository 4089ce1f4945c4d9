/** `npm run admin` reaches the running server through DATA_DIR and fails clearly without one. */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { SEEDERS } from '../../src/server/seed';
import { runAdmin } from '../support/admin-cli';

const stack = inject('stack');

const admin = runAdmin;

describe('npm run admin', () => {
  it('lists providers with their review status', async () => {
    const { stdout } = await admin(['list'], stack.dataDir);
    expect(stdout).toMatch(/AUDIT_PASSED\s+amelia\.hart@clinic\.example/);
    expect(stdout).toMatch(/NOT_SUBMITTED\s+dana\.novak@clinic\.example/);
  });

  it('prints the seeders that ran, all dated from the one moment of the seed', async () => {
    const { stdout } = await admin(['seeds'], stack.dataDir);
    const runs = stdout
      .trim()
      .split('\n')
      .map((line) => /^(\S+) {2}(\S+)$/.exec(line)!);
    expect(runs.map((r) => r[2]).sort()).toEqual(SEEDERS.map((s) => s.name).sort());
    const moments = new Set(runs.map((r) => r[1]));
    expect(moments.size).toBe(1);
    expect(Date.parse([...moments][0]!)).toBeLessThanOrEqual(Date.now());
  });

  it('says what to do when no portal runs for DATA_DIR', async () => {
    const empty = await mkdtemp(path.join(os.tmpdir(), 'portal-admin-'));
    try {
      await expect(admin(['list'], empty)).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringContaining('Start it with "npm start" first'),
      });
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });

  it('refuses unknown commands with the usage', async () => {
    await expect(admin(['frobnicate'], stack.dataDir)).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('Commands:'),
    });
  });
});
