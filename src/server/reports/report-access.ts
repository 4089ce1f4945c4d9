/**
 * Report access (spec §2 "Any path containing 'report' needs report access", §8
 * MEMBER_EXPERT_REPORT_NO_ACCESS): a grant an operator gives an approved provider
 * (`npm run admin -- reports grant|revoke <email>`, migrations/0501_report_access_grants.sql).
 * Every report, cycle-data and member call runs {@link requireReportAccess} first; a provider
 * whose profile is no longer approved (she submitted it again) has no access until it is.
 */
import type { Database } from '../db/database';
import { inTransaction } from '../db/transaction';
import { ApiError } from '../http/api-error';
import { moveReport } from './report-moves';

export const NO_REPORT_ACCESS_MESSAGE = 'You do not have access to expert reports';

export async function hasReportAccess(db: Database, providerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('report_access_grants')
    .innerJoin('providers', 'providers.id', 'report_access_grants.provider_id')
    .select('report_access_grants.provider_id')
    .where('report_access_grants.provider_id', '=', providerId)
    .where('report_access_grants.revoked_at', 'is', null)
    .where('providers.audit_status', '=', 'AUDIT_PASSED')
    .where('providers.cancelled_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

/** Throws MEMBER_EXPERT_REPORT_NO_ACCESS unless the provider holds the grant and is approved. */
export async function requireReportAccess(db: Database, providerId: number): Promise<void> {
  if (!(await hasReportAccess(db, providerId))) {
    throw new ApiError('MEMBER_EXPERT_REPORT_NO_ACCESS', NO_REPORT_ACCESS_MESSAGE);
  }
}

export interface GrantChange {
  granted: boolean;
  /** False when the provider already was in that state. */
  changed: boolean;
  at: Date;
}

/** Grants report access; only an approved provider can be granted (INVALID_STATE otherwise). */
export async function grantReportAccess(
  db: Database,
  providerId: number,
  at = new Date(),
): Promise<GrantChange> {
  return inTransaction(db, async (trx) => {
    const provider = await trx
      .selectFrom('providers')
      .select(['audit_status', 'cancelled_at'])
      .where('id', '=', providerId)
      .forUpdate()
      .executeTakeFirst();
    if (!provider || provider.cancelled_at) throw ApiError.notFound('Provider');
    if (provider.audit_status !== 'AUDIT_PASSED') {
      throw new ApiError('INVALID_STATE', 'Report access goes to approved providers only', {
        auditStatus: provider.audit_status,
      });
    }
    const current = await trx
      .selectFrom('report_access_grants')
      .select(['granted_at', 'revoked_at'])
      .where('provider_id', '=', providerId)
      .executeTakeFirst();
    if (current && current.revoked_at === null) {
      return { granted: true, changed: false, at: current.granted_at };
    }
    await trx
      .insertInto('report_access_grants')
      .values({ provider_id: providerId, granted_at: at, revoked_at: null })
      .onConflict((oc) => oc.column('provider_id').doUpdateSet({ granted_at: at, revoked_at: null }))
      .execute();
    return { granted: true, changed: true, at };
  });
}

/**
 * Revokes report access (a no-op answer when there was none). The reports she still held —
 * assigned or claimed, not completed — go back to the open pool through the table, drafts kept,
 * so no member waits on a provider who can no longer open them.
 */
export async function revokeReportAccess(
  db: Database,
  providerId: number,
  at = new Date(),
): Promise<GrantChange & { released: number[] }> {
  const row = await db
    .updateTable('report_access_grants')
    .set({ revoked_at: at })
    .where('provider_id', '=', providerId)
    .where('revoked_at', 'is', null)
    .returning('revoked_at')
    .executeTakeFirst();
  const held = await db
    .selectFrom('expert_reports')
    .select('id')
    .where('provider_id', '=', providerId)
    .where('status', 'in', ['ASSIGNED', 'CLAIMED'])
    .execute();
  for (const r of held) await moveReport(db, providerId, r.id, 'DISCLAIM', { at });
  return { granted: false, changed: row !== undefined, at, released: held.map((r) => r.id) };
}
