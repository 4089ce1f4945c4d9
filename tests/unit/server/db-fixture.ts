/**
 * A migrated embedded database in a temporary directory, for server unit tests that need SQL: a
 * copy of the one the unit run migrated once (tests/unit/db-template.setup.ts).
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase, openPGlite, type Database } from '../../../src/server/db/database';
import type { ProvidersTable } from '../../../src/server/db/schema';

export interface TestDatabase {
  db: Database;
  /** Its data directory (the database in `db/`), removed by `close()`. */
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
