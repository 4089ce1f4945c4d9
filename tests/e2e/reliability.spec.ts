/**
 * Issue 15, the fault suite's short run inside `npm test` (docs/reliability.md): every scenario
 * of `npm run reliability` with small counts, on a stack of its own (it kills the server), and
 * its table printed. Any lost or duplicated message, late chat after a Prosody restart, missed
 * takeover, wrong red dot or failed BOSH fallback fails it.
 */
import { expect, test } from '@playwright/test';
import { runSuite, SHORT } from '../reliability/suite';
import { formatTable } from '../reliability/table';

test('the fault suite, short: no message lost or duplicated, everything back after each fault', async () => {
  test.setTimeout(600_000);
  // The soak's short run is a file of its own (reliability-soak.spec.ts, docs/reliability.md "Soak").
  const rows = await runSuite(SHORT, { log: () => undefined, except: ['soak'] });
  console.log(`\n${formatTable(rows)}\n`);
  // The failed rows lead the error, so a CI log that keeps only its first lines says which and why.
  const failed = rows.filter((r) => r.verdict === 'FAIL');
  expect(
    failed,
    failed.map((r) => `${r.scenario}: lost ${r.lost}, doubled ${r.duplicated}; ${r.note}`).join('\n'),
  ).toEqual([]);
  expect(rows.filter((r) => r.verdict === 'pass').length).toBeGreaterThanOrEqual(9);
});
