/**
 * Unit-run global setup: one embedded database migrated once, which each server unit test that
 * needs SQL copies (tests/unit/server/db-fixture.ts) instead of creating and migrating its own:
 * PGlite's initdb and the migrations cost seconds of CPU a file (docs/testing.md "What a run shares").
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite data directory to copy. */
    migratedDatabaseDir: string;
  }
}

let dir = '';

export async function setup(project: TestProject) {
  dir = await mkdtemp(path.join(os.tmpdir(), 'unit-db-template-'));
  const db = await openDatabase({ dataDir: dir, databaseUrl: null });
  await migrate(db);
  await db.destroy();
  project.provide('migratedDatabaseDir', dir);
}

export async function teardown() {
  if (dir) await rm(dir, { recursive: true, force: true });
}
