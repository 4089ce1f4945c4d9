/**
 * Unit-run global setup: one embedded database migrated once, which each server unit test that
 * needs SQL copies (tests/unit/server/db-fixture.ts) instead of creating and migrating its own:
 * PGlite's initdb and the migrations cost seconds of CPU a file (docs/testing.md "What a run shares").
 * When TEST_DATABASE_URL names a PostgreSQL server, one migrated template database there too, for
 * the tests whose point is concurrency on both engines.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src/server/db/database';
import { migrate } from '../../src/server/db/migrate';
import { adminQuery, databaseUrl } from '../../scripts/lib/test-template.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated, empty PGlite data directory to copy. */
    migratedDatabaseDir: string;
    /** A migrated, empty template database on TEST_DATABASE_URL's server, or '' without one. */
    migratedPostgresTemplate: string;
  }
}

let dir = '';
let postgres: { url: string; name: string } | null = null;

export async function setup(project: TestProject) {
  dir = await mkdtemp(path.join(os.tmpdir(), 'unit-db-template-'));
  const db = await openDatabase({ dataDir: dir, databaseUrl: null });
  await migrate(db);
  await db.destroy();
  project.provide('migratedDatabaseDir', dir);

  const url = process.env.TEST_DATABASE_URL;
  if (url) {
    postgres = { url, name: `portal_unit_template_${randomBytes(4).toString('hex')}` };
    await adminQuery(url, `create database ${postgres.name}`);
    const pg = await openDatabase({ dataDir: '', databaseUrl: databaseUrl(url, postgres.name) });
    await migrate(pg);
    await pg.destroy();
  }
  project.provide('migratedPostgresTemplate', postgres?.name ?? '');
}

export async function teardown() {
  if (dir) await rm(dir, { recursive: true, force: true });
  if (postgres) await adminQuery(postgres.url, `drop database if exists ${postgres.name} with (force)`);
}
