/**
 * Forward-only SQL migrations (docs/architecture.md §3): every `migrations/NNNN_name.sql` runs once, in name
 * order, each in its own transaction, recorded in `schema_migrations`. A migration that was applied
 * and later edited is refused: write a new one instead.
 */
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Database } from './database';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/**
 * Applied migrations whose comments were later reworded, SQL untouched: the checksums of their
 * earlier texts, which a database that applied them still holds. Such a row is brought up to the
 * current checksum instead of being refused. Only comments may ever be reworded this way.
 */
const REWORDED: Record<string, readonly string[]> = {
  // Citations moved from documents outside the repository to docs/.
  '0100_workspace.sql': ['daed38386939b8832107023b70deca998aa9670b1b9e2dd46135aab733fbb3f2'],
  '0300_chat_service.sql': ['f65eb910a1ef8a96edf957e509827a945381e4808def1b018f0724631472f9b0'],
};

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<MigrationFile[]> {
  const names = (await readdir(dir)).filter((f) => /^\d{4}_[\w-]+\.sql$/.test(f)).sort();
  return Promise.all(
    names.map(async (name) => {
      const text = await readFile(path.join(dir, name), 'utf8');
      return { name, sql: text, checksum: createHash('sha256').update(text).digest('hex') };
    }),
  );
}

export async function migrate(
  db: Database,
  dir = MIGRATIONS_DIR,
  reworded: Record<string, readonly string[]> = REWORDED,
): Promise<string[]> {
  await sql`create table if not exists schema_migrations (
    name text primary key,
    checksum text not null,
    applied_at timestamptz not null default now()
  )`.execute(db);
  const applied = new Map(
    (
      await sql<{ name: string; checksum: string }>`select name, checksum from schema_migrations`.execute(db)
    ).rows.map((r) => [r.name, r.checksum]),
  );
  const ran: string[] = [];
  for (const migration of await readMigrations(dir)) {
    const previous = applied.get(migration.name);
    if (previous !== undefined) {
      if (previous !== migration.checksum && reworded[migration.name]?.includes(previous)) {
        await sql`update schema_migrations set checksum = ${migration.checksum} where name = ${migration.name}`.execute(
          db,
        );
      } else if (previous !== migration.checksum) {
        throw new Error(
          `Migration ${migration.name} changed after it was applied; add a new migration instead.`,
        );
      }
      continue;
    }
    await db.transaction().execute(async (trx) => {
      await sql.raw(migration.sql).execute(trx);
      await sql`insert into schema_migrations (name, checksum) values (${migration.name}, ${migration.checksum})`.execute(
        trx,
      );
    });
    ran.push(migration.name);
  }
  return ran;
}
