/**
 * Whose health data a provider may read (issue 12 "A provider can read a member's cycle data only
 * through a report she holds or a consultation with that member"): a report on the member that
 * she claimed or completed, or a consultation with the member that was not cancelled. Report and
 * cycle-data routes call {@link requireMemberAccess} after requireReportAccess (report-access.ts).
 */
import type { Database } from '../db/database';
import { ApiError } from '../http/api-error';

export type MemberAccessBasis = 'report' | 'consultation';

/** How the provider may read the member's data, or null when she may not. */
export async function memberAccessBasis(
  db: Database,
  providerId: number,
  memberId: number,
): Promise<MemberAccessBasis | null> {
  const report = await db
    .selectFrom('expert_reports')
    .select('id')
    .where('provider_id', '=', providerId)
    .where('member_id', '=', memberId)
    .where('status', 'in', ['CLAIMED', 'COMPLETED'])
    .limit(1)
    .executeTakeFirst();
  if (report) return 'report';
  const consultation = await db
    .selectFrom('appointments')
    .select('id')
    .where('provider_id', '=', providerId)
    .where('member_id', '=', memberId)
    .where('status', '<>', 'CANCELLED')
    .limit(1)
    .executeTakeFirst();
  return consultation ? 'consultation' : null;
}

/** Throws FORBIDDEN unless the provider holds a report on, or a consultation with, the member. */
export async function requireMemberAccess(db: Database, providerId: number, memberId: number): Promise<void> {
  if ((await memberAccessBasis(db, providerId, memberId)) === null) {
    throw ApiError.forbidden(
      "You can read a member's data only through a report you hold or a consultation with her",
    );
  }
}
