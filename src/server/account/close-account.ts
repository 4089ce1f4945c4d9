/**
 * Closing a provider account — cancellation (spec §7 "Account"), or an unconfirmed account whose
 * address its owner just confirmed by signing up (docs/security.md "Sign-up"): her personal data
 * leaves the row, which stays for the history of past consultations, and the address is free
 * again. The caller then ends her sessions (`endSessions`, CANCELLED) once that is committed.
 */
import type { Database } from '../db/database';

/** Clears the account's personal data and frees its address; `db` may be a transaction. */
export async function clearAccount(db: Database, providerId: number): Promise<void> {
  const now = new Date();
  const row = await db
    .updateTable('providers')
    .set({
      cancelled_at: now,
      email: `cancelled-${providerId}@cancelled.invalid`,
      first_name: 'Cancelled',
      last_name: 'account',
      phone: null,
      title: null,
      updated_at: now,
    })
    .where('id', '=', providerId)
    .returning('chat_id')
    .executeTakeFirstOrThrow();
  await db
    .updateTable('chat_users')
    .set({ email: null, full_name: 'Cancelled account' })
    .where('id', '=', row.chat_id)
    .execute();
}
