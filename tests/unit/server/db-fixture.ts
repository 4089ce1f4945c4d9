/**
 * A migrated embedded database in a temporary directory, for server unit tests that need SQL; and,
 * for tests whose point is concurrency, a throwaway PostgreSQL database too when
 * TEST_DATABASE_URL names a server.
 */
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openDatabase, type Database } from '../../../src/server/db/database';
import { migrate } from '../../../src/server/db/migrate';
import type { ProvidersTable } from '../../../src/server/db/schema';

export interface TestDatabase {
  db: Database;
  close(): Promise<void>;
}

export async function openTestDatabase(prefix: string): Promise<TestDatabase> {
  const dir = await mkdtemp(path.join(os.tmpdir(), `${prefix}-`));
  const db = await openDatabase({ dataDir: dir, databaseUrl: null });
  await migrate(db);
  return {
    db,
    async close() {
      await db.destroy();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

async function openPostgresTestDatabase(baseUrl: string): Promise<TestDatabase> {
  const pg = (await import('pg')).default;
  const name = `portal_unit_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const db = await openDatabase({ dataDir: '', databaseUrl: url.toString() });
  await migrate(db);
  return {
    db,
    async close() {
      await db.destroy();
      const c = new pg.Client({ connectionString: baseUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
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
