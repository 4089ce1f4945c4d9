/**
 * Forward-only migrations (docs/architecture.md §3): an applied migration that was edited is
 * refused, unless it is listed as reworded (comments only) with the checksum its database holds.
 */
import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../../src/server/db/database';
import { migrate } from '../../../src/server/db/migrate';

let dir = '';
let migrations = '';
let db: Database;
const FIRST = '-- Widgets (see an old document).\ncreate table widgets (id serial primary key);\n';
const REWORDED = '-- Widgets (see docs/architecture.md §3).\ncreate table widgets (id serial primary key);\n';
const sha = (text: string) => createHash('sha256').update(text).digest('hex');

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'migrate-reworded-'));
  migrations = path.join(dir, 'migrations');
  await mkdir(migrations);
  db = await openDatabase({ dataDir: path.join(dir, 'db'), databaseUrl: null });
  await writeFile(path.join(migrations, '0001_widgets.sql'), FIRST);
  expect(await migrate(db, migrations, {})).toEqual(['0001_widgets.sql']);
});

afterAll(async () => {
  await db?.destroy();
  await rm(dir, { recursive: true, force: true });
});

describe('migrate', () => {
  it('refuses an applied migration whose text changed', async () => {
    await writeFile(path.join(migrations, '0001_widgets.sql'), REWORDED);
    await expect(migrate(db, migrations, {})).rejects.toThrow(/changed after it was applied/);
  });

  it('accepts a reworded one whose earlier checksum is listed, and records the new checksum', async () => {
    expect(await migrate(db, migrations, { '0001_widgets.sql': [sha(FIRST)] })).toEqual([]);
    const { rows } = await sql<{ checksum: string }>`select checksum from schema_migrations`.execute(db);
    expect(rows).toEqual([{ checksum: sha(REWORDED) }]);
    expect(await migrate(db, migrations, {})).toEqual([]);
  });
});
