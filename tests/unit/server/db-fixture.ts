/**
 * A migrated embedded database in a temporary directory, for server unit tests that need SQL: a
 * copy of the one the unit run migrated once (tests/unit/db-template.setup.ts); and, for tests
 * whose point is concurrency, a throwaway PostgreSQL database too when TEST_DATABASE_URL names a
 * server.
 */
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase, openPGlite, type Database } from '../../../src/server/db/database';
import type { ProvidersTable } from '../../../src/server/db/schema';
import { adminQuery, databaseUrl } from '../../../scripts/lib/test-template.mjs';

export interface TestDatabase {
  db: Database;
  /** Its data directory (the database in `db/`), removed by `close()`; '' on PostgreSQL. */
  dir: string;
  close(): Promise<void>;
}

export async function openTestDatabase(prefix: string): Promise<TestDatabase> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `${prefix}-`));
  await cp(inject('migratedDatabaseDir'), dir, { recursive: true });
  const db = await openDatabase({ dataDir: dir, databaseUrl: null });
  return {
    db,
    dir,
    async close() {
      await db.destroy();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A throwaway PostgreSQL database on `baseUrl`'s server, a copy of the one the unit run migrated
 * once (tests/unit/db-template.setup.ts).
 */
async function openPostgresTestDatabase(baseUrl: string): Promise<TestDatabase> {
  const name = `portal_unit_${randomBytes(4).toString('hex')}`;
  const create = `create database ${name} template ${inject('migratedPostgresTemplate')}`;
  // A copy of the template waits while another file's copy of it is being made (SQLSTATE 55006).
  for (let attempt = 1; ; attempt += 1) {
    try {
      await adminQuery(baseUrl, create);
      break;
    } catch (error) {
      if ((error as { code?: string }).code !== '55006' || attempt === 20) throw error;
      await new Promise((r) => setTimeout(r, 250 * attempt));
    }
  }
  const db = await openDatabase({ dataDir: '', databaseUrl: databaseUrl(baseUrl, name) });
  return {
    db,
    dir: '',
    async close() {
      await db.destroy();
      await adminQuery(baseUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * An empty PGlite (no migrations) in a temporary directory, copied from the initdb template that
 * every embedded database starts from (src/server/db/database.ts), instead of an in-memory PGlite
 * that runs initdb again.
 */
export async function openEmptyPGlite(prefix: string): Promise<{ pglite: PGlite; close(): Promise<void> }> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `${prefix}-`));
  const pglite = await openPGlite(dir);
  return {
    pglite,
    async close() {
      // A pool over it closes it when destroyed.
      if (!pglite.closed) await pglite.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** PGlite, and PostgreSQL when TEST_DATABASE_URL is set: `[name, open]` pairs for `describe.each`. */
export function testEngines(prefix: string): Array<[string, () => Promise<TestDatabase>]> {
  const engines: Array<[string, () => Promise<TestDatabase>]> = [['PGlite', () => openTestDatabase(prefix)]];
  const url = process.env.TEST_DATABASE_URL;
  if (url) engines.push(['PostgreSQL', () => openPostgresTestDatabase(url)]);
  return engines;
}

let next = 900_000;

async function insertChatUser(db: Database, kind: 'provider' | 'member', n: number): Promise<number> {
  const row = await db
    .insertInto('chat_users')
    .values({ login: `${kind}-${n}`, password_hash: 'x', email: null, kind })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertProvider(
  db: Database,
  auditStatus: ProvidersTable['audit_status'] = 'AUDIT_PASSED',
): Promise<number> {
  const n = next++;
  const row = await db
    .insertInto('providers')
    .values({
      email: `p${n}@clinic.example`,
      password_hash: 'x',
      first_name: 'Test',
      last_name: `Provider ${n}`,
      title: null,
      phone: null,
      avatar_blob_id: null,
      country: null,
      chat_id: await insertChatUser(db, 'provider', n),
      audit_status: auditStatus,
      audit_reasons: null,
      audit_create_time: null,
      audited_time: null,
      cancelled_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertMember(db: Database, firstName = 'Test'): Promise<number> {
  const n = next++;
  const row = await db
    .insertInto('members')
    .values({
      first_name: firstName,
      last_name: `Member ${n}`,
      email: `m${n}@member.example`,
      avatar_url: null,
      chat_id: await insertChatUser(db, 'member', n),
      country: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
