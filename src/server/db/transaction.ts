/** Runs `work` in a transaction, or inside the caller's when `db` already is one. */
import type { Transaction } from 'kysely';
import type { Database } from './database';
import type { DB } from './schema';

export function inTransaction<T>(
  db: Database,
  work: (trx: Transaction<DB> | Database) => Promise<T>,
): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
