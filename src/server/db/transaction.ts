/**
 * Transactions with after-commit work. {@link inTransaction} runs `work` in a transaction, or
 * inside the caller's when `db` already is one. {@link afterCommit} queues what must only happen
 * once the transaction's rows are visible to everyone — announcing a new notification, which the
 * app socket reads and pushes — and runs it when the outermost transaction has committed; a
 * rollback drops it. Nothing has to poll for a row that is not committed yet.
 */
import type { Transaction } from 'kysely';
import type { Database } from './database';
import type { DB } from './schema';

/** The after-commit queue of each transaction opened by inTransaction. */
const queues = new WeakMap<Database, Array<() => void>>();

export async function inTransaction<T>(
  db: Database,
  work: (trx: Transaction<DB> | Database) => Promise<T>,
): Promise<T> {
  if (db.isTransaction) return work(db);
  const queue: Array<() => void> = [];
  const result = await db.transaction().execute((trx) => {
    queues.set(trx, queue);
    return work(trx);
  });
  for (const task of queue) {
    try {
      task();
    } catch (error) {
      // The commit stands; a failing announcement must not turn it into an error for the caller.
      console.error('After-commit task failed:', error);
    }
  }
  return result;
}

/**
 * Runs `task` once `db`'s transaction has committed (at once when `db` is no transaction). Throws
 * for a transaction not opened by inTransaction: its commit cannot be observed, and running the
 * task early is exactly what this exists to prevent.
 */
export function afterCommit(db: Database, task: () => void): void {
  if (!db.isTransaction) {
    task();
    return;
  }
  const queue = queues.get(db);
  if (!queue) {
    throw new Error(
      'afterCommit needs a transaction opened with inTransaction (src/server/db/transaction.ts)',
    );
  }
  queue.push(task);
}
