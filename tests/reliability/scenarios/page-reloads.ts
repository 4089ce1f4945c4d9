/**
 * A page reload in the middle of a conversation: the provider's message reached the member, and
 * the member's answer is sent while the tab reloads. The reloaded portal logs in afresh (its
 * stream-management state is not kept across a reload) and reconciles the conversation from the
 * history: every message shows exactly once.
 */
import { poll, type SuiteContext } from '../context';
import { portalConversation } from '../portal';
import { p50p99, tally, whichOnes, type Row } from '../table';
import { echoedAtMember, itemKeys } from './browser-drops';

export async function pageReloads(suite: SuiteContext): Promise<Row> {
  const runs = suite.counts.reloads;
  const portal = await portalConversation(suite, 'reload');
  const expected: string[] = [];
  const backMs: number[] = [];
  try {
    for (let i = 0; i < runs; i++) {
      const text = `rl-${i}`;
      expected.push(text, `Echo: ${text}`);
      await portal.sayUntilAnswering(text);
      const started = Date.now();
      await portal.page.reload();
      await portal.open();
      await poll(
        async () => itemKeys(await portal.texts(), 'rl').includes(`Echo: ${text}`),
        `the echo of ${text} after the reload`,
        30_000,
      );
      backMs.push(Date.now() - started);
    }
    // A last exchange after the reloads: the live stream still works, and nothing doubles.
    await portal.say(`rl-${runs}`);
    expected.push(`rl-${runs}`, `Echo: rl-${runs}`);
    await poll(
      async () => itemKeys(await portal.texts(), 'rl').includes(`Echo: rl-${runs}`),
      'the last echo',
      20_000,
    );
    await portal.loadAll();
    const shown = tally(expected, itemKeys(await portal.allTexts(), 'rl'));
    const atMember = tally(
      expected.filter((t) => !t.startsWith('Echo')),
      echoedAtMember(portal.sim.lines, 'rl'),
    );
    const lost = shown.lost + atMember.lost;
    const duplicated = shown.duplicated + atMember.duplicated;
    return {
      scenario: 'page reload mid-conversation (Chromium), reconciled from history',
      runs,
      lost,
      duplicated,
      timing: p50p99('conversation back', backMs),
      verdict: lost === 0 && duplicated === 0 ? 'pass' : 'FAIL',
      note: [
        'the answer is sent while the tab reloads',
        ...whichOnes(shown, 'in the portal'),
        ...whichOnes(atMember, 'at the member'),
      ].join('; '),
    };
  } finally {
    await portal.close();
  }
}
