/**
 * Who may read a member's cycle data (issue 12, docs/security.md): report access first
 * (MEMBER_EXPERT_REPORT_NO_ACCESS, spec §8), then the provider must hold a report on the member
 * or have a consultation with her (FORBIDDEN; an unknown member is refused the same way, so ids
 * cannot be probed).
 */
import type { Database } from '../db/database';
import { requireMemberAccess } from '../reports/member-access';
import { requireReportAccess } from '../reports/report-access';
import { loadMember, type MemberSummary } from '../member-health/member-cycles';

export async function authorizeMemberData(
  db: Database,
  providerId: number,
  memberId: number,
): Promise<MemberSummary> {
  await requireReportAccess(db, providerId);
  await requireMemberAccess(db, providerId, memberId);
  return loadMember(db, memberId);
}
