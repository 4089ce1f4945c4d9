/**
 * Opens the database: embedded PGlite in `DATA_DIR/db` by default, PostgreSQL when DATABASE_URL
 * is set (docs/architecture.md §1). Both go through Kysely's PostgresDialect and the same SQL migrations.
 */
import { cp, mkdir, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type { DB } from './schema';
import type { PGlite as PGliteClass } from '@electric-sql/pglite';
import { PGlitePool } from './pglite-pool';

export type Database = Kysely<DB>;

export class DatabaseUnavailableError extends Error {}

/** The PGlite pool under each embedded database, for its batched reads (compiled-once.ts). */
const embedded = new WeakMap<Database, PGlitePool>();

/** The pool of an embedded database opened here; none on PostgreSQL or for a transaction's `db`. */
export function pglitePoolOf(db: Database): PGlitePool | undefined {
  return embedded.get(db);
}

export async function openDatabase(options: {
  dataDir: string;
  databaseUrl: string | null;
}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  const dir = path.join(options.dataDir, 'db');
  await mkdir(dir, { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  if ((await readdir(dir)).length === 0) await copyTemplate(PGlite, dir);
  const pglite = await PGlite.create(dir);
  // A data directory in Node is NodeFS, which writes through: no sync after each statement.
  const pool = new PGlitePool(pglite, { syncToFs: false });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  embedded.set(db, pool);
  return db;
}

/**
 * A new PGlite database runs initdb in WebAssembly, some 5 s of CPU. The first one made on this
 * machine is kept, closed and untouched, as a template in the temporary directory (one per PGlite
 * version), and every later empty data directory starts as a copy of it: a fresh start, a test's or
 * the bench's stack (docs/architecture.md §4 "Warm start"). Made in a directory of its own and
 * renamed into place, so a half-made template is never copied.
 */
async function copyTemplate(PGlite: typeof PGliteClass, dir: string): Promise<void> {
  const require = createRequire(import.meta.url);
  const manifest = path.join(path.dirname(require.resolve('@electric-sql/pglite')), '../package.json');
  const { version } = JSON.parse(await readFile(manifest, 'utf8')) as { version: string };
  const template = path.join(os.tmpdir(), `provider-portal-pglite-${version}`);
  if ((await readdir(template).catch(() => [])).length === 0) {
    const making = await mkdtemp(`${template}-making-`);
    await (await PGlite.create(making)).close();
    // Another process may have put its template in place first: then this one is not needed.
    await rename(making, template).catch(() => rm(making, { recursive: true, force: true }));
  }
  await cp(template, dir, { recursive: true });
}

async function openPostgres(url: string): Promise<Database> {
  const pg = await import('pg');
  const Pool = pg.default.Pool;
  // int8 (counts, sums) as numbers: our values stay far below 2^53.
  pg.default.types.setTypeParser(20, (v: string) => Number(v));
  const pool = new Pool({ connectionString: url, max: 10, connectionTimeoutMillis: 5000 });
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  try {
    await sql`select 1`.execute(db);
  } catch (error) {
    await db.destroy().catch(() => undefined);
    const reason = error instanceof Error ? error.message : String(error);
    throw new DatabaseUnavailableError(
      `Cannot reach PostgreSQL at DATABASE_URL (${redact(url)}): ${reason}. Check the URL and that the server is running, or unset DATABASE_URL to use the embedded database.`,
    );
  }
  return db;
}

export function redact(url: string): string {
  return url.replace(/\/\/([^:/@]+):([^@]+)@/, '//$1:***@');
}
