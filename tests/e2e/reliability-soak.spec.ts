/**
 * Issue 24 item 6, the soak's short run inside `npm test` (docs/reliability.md "Soak"): ten steps
 * of a provider's tabs coming and going — opened, closed, crashed, cut off, reloaded, frozen —
 * while Emma chats and calls, on a stack of its own. Too short to judge memory; it fails on a
 * session count above the live tabs 5 s after a step, a message lost, bounced or handled twice
 * at the browser, or a ring that did not reach every live tab. A file of its own, so that the
 * end-to-end shards balance it apart from the rest of the fault suite (reliability.spec.ts).
 */
import { expect, test } from '@playwright/test';
import { runSuite, SHORT } from '../reliability/suite';
import { formatTable } from '../reliability/table';

test('the soak, short: tabs come and go while a member chats and calls; no session left, nothing lost or doubled', async () => {
  test.setTimeout(600_000);
  const rows = await runSuite(SHORT, { log: () => undefined, only: ['soak'] });
  console.log(`\n${formatTable(rows)}\n`);
  expect(rows.map((r) => r.verdict)).toEqual(['pass']);
});
