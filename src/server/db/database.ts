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
import { preparingClient, StatementNames } from './postgres-prepared';

export type Database = Kysely<DB>;

export class DatabaseUnavailableError extends Error {}

/** The PGlite pool under each embedded database, for its batched reads (compiled-once.ts). */
const embedded = new WeakMap<Database, PGlitePool>();

/** The pool of an embedded database opened here; none on PostgreSQL or for a transaction's `db`. */
export function pglitePoolOf(db: Database): PGlitePool | undefined {
  return embedded.get(db);
}

/**
 * Runs one statement on a pooled PostgreSQL connection, without Kysely's executor: as every
 * parameterised statement there, a named prepared statement (postgres-prepared.ts).
 */
export interface PreparedReads {
  read<Row>(text: string, values: readonly unknown[]): Promise<Row[]>;
}

const postgres = new WeakMap<Database, PreparedReads>();

/** The prepared reads of a PostgreSQL database opened here; none on PGlite or for a transaction's `db`. */
export function postgresReadsOf(db: Database): PreparedReads | undefined {
  return postgres.get(db);
}

export async function openDatabase(options: {
  dataDir: string;
  databaseUrl: string | null;
}): Promise<Database> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl);
  const pglite = await openPGlite(path.join(options.dataDir, 'db'));
  // A data directory in Node is NodeFS, which writes through: no sync after each statement.
  const pool = new PGlitePool(pglite, { syncToFs: false });
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  embedded.set(db, pool);
  return db;
}

/**
 * Shared memory sized for one embedded backend (docs/performance.md "Warm start"): PostgreSQL's
 * defaults (128 MB of buffers, 100 connections, WAL senders, 16 autovacuum slots) size the lock
 * tables and process slots of a server, and setting them up was about a sixth of opening the
 * database. PGlite runs one backend in single-user mode, without autovacuum or replication; 16 MB
 * of buffers is some 2,000 pages, more than the portal's working set.
 */
export const PGLITE_SETTINGS = [
  'shared_buffers=16MB',
  'max_connections=5',
  'max_wal_senders=0',
  'autovacuum_worker_slots=1',
];

/** PGlite on the data directory `dir`, made from the template below when it is empty. */
export async function openPGlite(dir: string): Promise<PGliteClass> {
  await mkdir(dir, { recursive: true });
  const { PGlite } = await import('@electric-sql/pglite');
  if ((await readdir(dir)).length === 0) await copyTemplate(PGlite, dir);
  return PGlite.create(dir, {
    startParams: [...PGlite.defaultStartParams, ...PGLITE_SETTINGS.flatMap((s) => ['-c', s])],
  });
}

/**
 * A new PGlite database runs initdb in WebAssembly, some 5 s of CPU. The first one made on this
 * machine is kept, closed and untouched, as a template in the temporary directory (one per PGlite
 * version), and every later empty data directory starts as a copy of it: a fresh start, a test's or
 * the bench's stack (docs/performance.md "Warm start"). Made in a directory of its own and
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

/** How long a request waits for one of PostgreSQL's connections before it is answered 503. */
const CONNECTION_WAIT_MS = 30_000;

/** Every PostgreSQL connection stayed busy for the whole wait: the request is answered 503. */
export class DatabaseBusyError extends Error {
  constructor() {
    super('Every database connection stayed busy; try again in a moment');
    this.name = 'DatabaseBusyError';
  }
}

const POOL_SIZE = 10;

/**
 * How long a connection of the pool may sit idle before it is closed, unless the pool would then
 * hold fewer than POOL_SIZE: it never does (docs/performance.md "Server"). A connection PostgreSQL
 * opens anew costs a backend, its catalogue caches and every prepared statement again, and after
 * a quiet spell the first second of traffic queued behind ten of them (p99 148–173 ms at 1,000
 * req/s, against 31–34 ms with the connections kept).
 */
export const POOL_IDLE_MS = 10_000;

async function openPostgres(url: string): Promise<Database> {
  const pg = await import('pg');
  const Pool = pg.default.Pool;
  // int8 (counts, sums) as numbers: our values stay far below 2^53.
  pg.default.types.setTypeParser(20, (v: string) => Number(v));
  // A burst (a hundred requests that each reserve a sign-in attempt under one address's lock)
  // waits for a connection rather than failing; past the wait it is a 503, never a 500.
  const pool = new Pool({
    connectionString: url,
    max: POOL_SIZE,
    min: POOL_SIZE,
    idleTimeoutMillis: POOL_IDLE_MS,
    connectionTimeoutMillis: CONNECTION_WAIT_MS,
  });
  pool.on('error', (error) => console.error('PostgreSQL pool error:', error.message));
  // Every parameterised statement is a named one, parsed once per connection (postgres-prepared.ts).
  const names = new StatementNames();
  const busyAware = {
    connect: () =>
      pool.connect().then(
        (client) => preparingClient(client, names),
        (error: unknown) => {
          throw /timeout exceeded when trying to connect/.test(String(error))
            ? new DatabaseBusyError()
            : error;
        },
      ),
    end: () => pool.end(),
  };
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: busyAware }) });
  postgres.set(db, {
    async read<Row>(text: string, values: readonly unknown[]) {
      const client = await busyAware.connect();
      try {
        return (await client.query<Row & object>(text, [...values])).rows;
      } finally {
        client.release();
      }
    },
  });
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
