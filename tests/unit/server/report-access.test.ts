/**
 * Report access grants against a real (embedded) database (spec §2, §8
 * MEMBER_EXPERT_REPORT_NO_ACCESS): only an approved provider can be granted; the guard refuses
 * without a grant, after a revoke, and while the profile is back under review.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  grantReportAccess,
  hasReportAccess,
  requireReportAccess,
  revokeReportAccess,
} from '../../../src/server/reports/report-access';
import { insertProvider, openTestDatabase, type TestDatabase } from './db-fixture';

let t: TestDatabase;

beforeAll(async () => {
  t = await openTestDatabase('report-access');
});

afterAll(async () => {
  await t?.close();
});

const NO_ACCESS = { code: 'MEMBER_EXPERT_REPORT_NO_ACCESS', status: 403 };

describe('report access', () => {
  it('is refused without a grant and allowed with one, until revoked', async () => {
    const id = await insertProvider(t.db);
    await expect(requireReportAccess(t.db, id)).rejects.toMatchObject(NO_ACCESS);
    expect(await grantReportAccess(t.db, id)).toMatchObject({ granted: true, changed: true });
    await expect(requireReportAccess(t.db, id)).resolves.toBeUndefined();
    expect(await grantReportAccess(t.db, id)).toMatchObject({ granted: true, changed: false });
    expect(await revokeReportAccess(t.db, id)).toMatchObject({ granted: false, changed: true });
    await expect(requireReportAccess(t.db, id)).rejects.toMatchObject(NO_ACCESS);
    expect(await revokeReportAccess(t.db, id)).toMatchObject({ changed: false });
    expect(await grantReportAccess(t.db, id)).toMatchObject({ changed: true });
    expect(await hasReportAccess(t.db, id)).toBe(true);
  });

  it('is granted to approved providers only', async () => {
    for (const status of ['NEED_AUDIT', 'AUDIT_NOT_PASSED', null] as const) {
      const id = await insertProvider(t.db, status);
      await expect(grantReportAccess(t.db, id)).rejects.toMatchObject({ code: 'INVALID_STATE' });
      expect(await hasReportAccess(t.db, id)).toBe(false);
    }
    await expect(grantReportAccess(t.db, 999_999)).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('lapses while a granted provider’s profile is back under review', async () => {
    const id = await insertProvider(t.db);
    await grantReportAccess(t.db, id);
    await t.db.updateTable('providers').set({ audit_status: 'NEED_AUDIT' }).where('id', '=', id).execute();
    await expect(requireReportAccess(t.db, id)).rejects.toMatchObject(NO_ACCESS);
    await t.db.updateTable('providers').set({ audit_status: 'AUDIT_PASSED' }).where('id', '=', id).execute();
    expect(await hasReportAccess(t.db, id)).toBe(true);
  });
});
