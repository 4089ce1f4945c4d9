/**
 * Opens the database: embedded PGlite in `DATA_DIR/db` by default, PostgreSQL when DATABASE_URL
 * is set (docs/architecture.md §1). Both go through Kysely's PostgresDialect and the same SQL migrations.
 */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type { DB } from './schema';
import { PGlitePool } from './pglite-pool';

export type Database = Kysely<DB>;

export class DatabaseUnavailableError extends Error {}

export async function openDatabase(options: {
  dataDir: string;
  databaseUrl: string | null;
}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  const dir = path.join(options.dataDir, 'db');
  await mkdir(dir, { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  const pglite = await PGlite.create(dir);
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool: new PGlitePool(pglite) }) });
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
