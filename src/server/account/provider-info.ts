/** A provider row as the contract's DoctorInfo (spec §3 "Provider (doctor) info"). */
import type { DoctorInfo } from '../../shared/api/account';
import type { Language } from '../../shared/constants';
import { SIGNED_IN_PROVIDER_COLUMNS, type SignedInProvider } from '../auth/signed-in-provider';
import type { ServerContext } from '../context';
import { compiledOnce } from '../db/compiled-once';
import { ApiError } from '../http/api-error';
import { blobUrl } from '../blobs/blob-store';

const selectProvider = compiledOnce(
  (db, providerId: number) =>
    db
      .selectFrom('providers')
      .leftJoin('blobs', 'blobs.id', 'providers.avatar_blob_id')
      .select(SIGNED_IN_PROVIDER_COLUMNS)
      .where('providers.id', '=', providerId),
  [-1],
);

/**
 * The provider's DoctorInfo: from `readWithSession` when the token check of this request read the
 * row already (src/server/auth/signed-in-provider.ts), else in one select.
 */
export async function loadDoctorInfo(
  ctx: ServerContext,
  providerId: number,
  readWithSession?: SignedInProvider,
): Promise<DoctorInfo> {
  const row = readWithSession ?? (await selectProvider(ctx.db, providerId))[0];
  if (!row || row.cancelled_at !== null) throw ApiError.notFound('Provider');
  return {
    userId: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    name: `${row.first_name} ${row.last_name}`.trim(),
    title: row.title,
    phone: row.phone,
    avatar: row.avatar_uid ? blobUrl(row.avatar_uid) : null,
    language: row.language as Language,
    timezone: row.timezone,
    country: row.country,
    auditStatus: row.audit_status,
    chatId: row.chat_id,
    createdAt: row.created_at.toISOString(),
    emailVerified: row.email_verified_at !== null,
  };
}
