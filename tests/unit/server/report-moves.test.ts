/**
 * The conditional UPDATE of report-moves.ts against a real (embedded) database: two claims of one
 * open report started together read it OPEN both (the pool's one connection interleaves their
 * statements), and still exactly one wins; the other answers EXPERT_REPORT_ALREADY_CLAIMED.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveReport } from '../../../src/server/reports/report-moves';
import { insertMember, insertProvider, openTestDatabase, type TestDatabase } from './db-fixture';

let t: TestDatabase;

beforeAll(async () => {
  t = await openTestDatabase('report-moves');
});

afterAll(async () => {
  await t?.close();
});

async function openReport(memberId: number): Promise<number> {
  const row = await t.db
    .insertInto('expert_reports')
    .values({
      member_id: memberId,
      provider_id: null,
      report_type: 'CYCLE_ANALYSIS',
      title: 'R',
      status: 'OPEN',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('moveReport', () => {
  it('lets exactly one of several simultaneous claims win', async () => {
    const providers = [await insertProvider(t.db), await insertProvider(t.db), await insertProvider(t.db)];
    const memberId = await insertMember(t.db);
    for (let round = 0; round < 5; round++) {
      const id = await openReport(memberId);
      const results = await Promise.allSettled(providers.map((p) => moveReport(t.db, p, id, 'CLAIM')));
      const won = results.filter((r) => r.status === 'fulfilled');
      expect(won.length).toBe(1);
      for (const lost of results.filter((r) => r.status === 'rejected')) {
        expect(lost.reason).toMatchObject({ code: 'EXPERT_REPORT_ALREADY_CLAIMED' });
      }
      const row = await t.db
        .selectFrom('expert_reports')
        .select(['status', 'provider_id'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({
        status: 'CLAIMED',
        provider_id: (won[0] as PromiseFulfilledResult<{ to: { providerId: number } }>).value.to.providerId,
      });
    }
  });

  it('stamps the move and writes a draft in the same statement', async () => {
    const p = await insertProvider(t.db);
    const id = await openReport(await insertMember(t.db));
    const at = new Date('2026-11-20T10:00:00Z');
    await moveReport(t.db, p, id, 'CLAIM', { at });
    await moveReport(t.db, p, id, 'SAVE', { at, extra: { summary: 'Draft', category_ids: [1] } });
    const row = await t.db
      .selectFrom('expert_reports')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'CLAIMED', provider_id: p, summary: 'Draft', category_ids: [1] });
    expect(row.claimed_at?.toISOString()).toBe(at.toISOString());
    expect(row.saved_at?.toISOString()).toBe(at.toISOString());
    await moveReport(t.db, p, id, 'DISCLAIM');
    expect(
      await t.db
        .selectFrom('expert_reports')
        .select(['status', 'provider_id', 'claimed_at'])
        .where('id', '=', id)
        .executeTakeFirst(),
    ).toEqual({ status: 'OPEN', provider_id: null, claimed_at: null });
  });
});
