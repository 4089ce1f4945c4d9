/** Audit info (spec §3) and the submitted consultation info of one provider. */
import type { AuditInfo, AuditInfoWithProfile, ConsultInfo } from '../../shared/api/profile';
import { blobUrl } from '../blobs/blob-store';
import type { Database } from '../db/database';
import { ApiError } from '../http/api-error';

/** Reasons are stored one per line. */
export function splitReasons(text: string | null): string[] {
  return (text ?? '')
    .split('\n')
    .map((r) => r.trim())
    .filter(Boolean);
}

export async function loadAuditInfo(db: Database, providerId: number): Promise<AuditInfo> {
  const p = await db
    .selectFrom('providers')
    .select(['audit_status', 'audit_create_time', 'audited_time', 'audit_reasons', 'audited_popup_page'])
    .where('id', '=', providerId)
    .where('cancelled_at', 'is', null)
    .executeTakeFirst();
  if (!p) throw ApiError.notFound('Provider');
  return {
    auditStatus: p.audit_status,
    auditCreateTime: p.audit_create_time?.toISOString() ?? null,
    auditedTime: p.audited_time?.toISOString() ?? null,
    reasons: p.audit_status === 'AUDIT_NOT_PASSED' ? splitReasons(p.audit_reasons) : [],
    auditedPopupPage: p.audited_popup_page,
  };
}

export async function loadDocuments(db: Database, providerId: number, ids?: readonly number[]) {
  if (ids && ids.length === 0) return [];
  let query = db
    .selectFrom('provider_documents as d')
    .innerJoin('blobs as b', 'b.id', 'd.blob_id')
    .select(['d.id', 'b.name', 'b.content_type', 'b.size', 'd.created_at'])
    .where('d.provider_id', '=', providerId)
    .orderBy('d.id');
  if (ids) query = query.where('d.id', 'in', ids);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    contentType: r.content_type,
    size: r.size ?? 0,
    uploadedAt: r.created_at.toISOString(),
  }));
}

export async function loadConsultInfo(db: Database, providerId: number): Promise<ConsultInfo | null> {
  const row = await db
    .selectFrom('provider_profiles as pp')
    .innerJoin('providers as p', 'p.id', 'pp.provider_id')
    .leftJoin('blobs as b', 'b.id', 'p.avatar_blob_id')
    .selectAll('pp')
    .select(['p.first_name', 'p.last_name', 'p.title', 'b.uid as avatar_uid'])
    .where('pp.provider_id', '=', providerId)
    .executeTakeFirst();
  if (!row) return null;
  return {
    firstName: row.first_name,
    lastName: row.last_name,
    title: row.title ?? '',
    avatar: row.avatar_uid ? blobUrl(row.avatar_uid) : null,
    categoryIds: row.category_ids,
    languages: row.languages,
    countries: row.countries,
    biography: row.biography,
    yearsOfExperience: row.years_of_experience,
    qualifications: row.qualifications,
    licenceNumber: row.licence_number,
    licenceCountry: row.licence_country,
    licenceAuthority: row.licence_authority,
    licenceExpiresOn: row.licence_expires_on,
    documents: await loadDocuments(db, providerId, row.document_ids),
    consultationFee: { amountCents: row.consultation_fee_cents, currency: row.currency },
    submittedAt: row.submitted_at.toISOString(),
  };
}

export async function loadAuditInfoWithProfile(
  db: Database,
  providerId: number,
): Promise<AuditInfoWithProfile> {
  const [audit, consultInfo] = await Promise.all([
    loadAuditInfo(db, providerId),
    loadConsultInfo(db, providerId),
  ]);
  return { ...audit, consultInfo };
}
