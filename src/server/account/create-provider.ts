/**
 * Creates a provider with its chat identity, in one transaction (used by sign-up and the seed);
 * `db` may be a transaction already.
 */
import type { Database } from '../db/database';
import { inTransaction } from '../db/transaction';
import type { ProvidersTable } from '../db/schema';
import type { Insertable } from 'kysely';
import { hashPassword } from '../auth/passwords';
import { derivedChatPassword, insertChatUser, nextChatId } from '../chat-identity/chat-users';

interface ProviderDetails {
  email: string;
  firstName: string;
  lastName: string;
  language?: string;
  timezone?: string;
  country?: string | null;
  chatId?: number;
  chatLogin?: string;
  extra?: Partial<Insertable<ProvidersTable>>;
}

/** The details, and her password or its hash (a sign-up hashed it when it was asked for). */
export type NewProvider = ProviderDetails & ({ password: string } | { passwordHash: string });

export async function createProvider(
  db: Database,
  chatPasswordKey: string,
  p: NewProvider,
): Promise<{ id: number; chatId: number }> {
  const passwordHash = 'passwordHash' in p ? p.passwordHash : await hashPassword(p.password);
  return inTransaction(db, async (trx) => {
    const chatId = p.chatId ?? (await nextChatId(trx));
    await insertChatUser(trx, {
      id: chatId,
      kind: 'provider',
      login: p.chatLogin ?? `provider-${chatId}`,
      password: derivedChatPassword(chatPasswordKey, chatId),
      fullName: `${p.firstName} ${p.lastName}`,
      email: p.email,
    });
    const row = await trx
      .insertInto('providers')
      .values({
        email: p.email,
        password_hash: passwordHash,
        first_name: p.firstName,
        last_name: p.lastName,
        language: p.language ?? 'en',
        timezone: p.timezone ?? 'UTC',
        country: p.country ?? null,
        chat_id: chatId,
        ...p.extra,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { id: row.id, chatId };
  });
}
