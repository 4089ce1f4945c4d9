/**
 * Whose data a provider may read (issue 12), against a real (embedded) database: a report she
 * claimed or completed, or a consultation not cancelled; not a report merely assigned to her or
 * held by someone else, nor a cancelled consultation.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/database';
import type { ExpertReportStatus } from '../../../src/shared/expert-reports';
import { memberAccessBasis, requireMemberAccess } from '../../../src/server/reports/member-access';
import { insertMember, insertProvider, openTestDatabase, type TestDatabase } from './db-fixture';

let t: TestDatabase;

beforeAll(async () => {
  t = await openTestDatabase('member-access');
});

afterAll(async () => {
  await t?.close();
});

async function report(db: Database, providerId: number, memberId: number, status: ExpertReportStatus) {
  await db
    .insertInto('expert_reports')
    .values({
      provider_id: providerId,
      member_id: memberId,
      report_type: 'CYCLE_ANALYSIS',
      title: 'R',
      status,
    })
    .execute();
}

async function consultation(db: Database, providerId: number, memberId: number, cancelled: boolean) {
  const starts = new Date(Date.now() + 86_400_000);
  await db
    .insertInto('appointments')
    .values({
      provider_id: providerId,
      member_id: memberId,
      starts_at: starts,
      ends_at: new Date(starts.getTime() + 1_800_000),
      status: cancelled ? 'CANCELLED' : 'UPCOMING',
      started_at: null,
      ended_at: null,
      cancelled_at: cancelled ? new Date() : null,
      cancelled_by: cancelled ? 'MEMBER' : null,
      cancel_reason: cancelled ? 'Changed plans' : null,
    })
    .execute();
}

describe('member access', () => {
  it('follows a report she claimed or completed', async () => {
    const [p, other] = [await insertProvider(t.db), await insertProvider(t.db)];
    const [claimed, completed, assigned, others] = [
      await insertMember(t.db),
      await insertMember(t.db),
      await insertMember(t.db),
      await insertMember(t.db),
    ];
    await report(t.db, p, claimed, 'CLAIMED');
    await report(t.db, p, completed, 'COMPLETED');
    await report(t.db, p, assigned, 'ASSIGNED');
    await report(t.db, other, others, 'CLAIMED');
    expect(await memberAccessBasis(t.db, p, claimed)).toBe('report');
    expect(await memberAccessBasis(t.db, p, completed)).toBe('report');
    expect(await memberAccessBasis(t.db, p, assigned)).toBeNull();
    expect(await memberAccessBasis(t.db, p, others)).toBeNull();
    await expect(requireMemberAccess(t.db, p, others)).rejects.toMatchObject({ code: 'FORBIDDEN' });
  });

  it('follows a consultation that was not cancelled', async () => {
    const p = await insertProvider(t.db);
    const [booked, cancelled] = [await insertMember(t.db), await insertMember(t.db)];
    await consultation(t.db, p, booked, false);
    await consultation(t.db, p, cancelled, true);
    expect(await memberAccessBasis(t.db, p, booked)).toBe('consultation');
    await expect(requireMemberAccess(t.db, p, booked)).resolves.toBeUndefined();
    expect(await memberAccessBasis(t.db, p, cancelled)).toBeNull();
  });
});
