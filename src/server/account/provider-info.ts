/** A provider row as the contract's DoctorInfo (spec §3 "Provider (doctor) info"). */
import type { DoctorInfo } from '../../shared/api/account';
import type { Language } from '../../shared/constants';
import type { ServerContext } from '../context';
import { ApiError } from '../http/api-error';
import { blobUrl } from '../blobs/blob-store';

export async function loadDoctorInfo(ctx: ServerContext, providerId: number): Promise<DoctorInfo> {
  const row = await ctx.db
    .selectFrom('providers')
    .leftJoin('blobs', 'blobs.id', 'providers.avatar_blob_id')
    .selectAll('providers')
    .select('blobs.uid as avatar_uid')
    .where('providers.id', '=', providerId)
    .where('providers.cancelled_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw ApiError.notFound('Provider');
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
