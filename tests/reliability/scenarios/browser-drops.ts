/**
 * Forced drops of the portal's chat in Chromium in the middle of a two-way conversation with the
 * member simulator: the provider sends a message, the tab goes offline (DevTools offline for
 * HTTP, its WebSockets cut: tests/reliability/portal.ts) while the member's echo is on its way,
 * then comes back. The stream resumes (XEP-0198) or logs in again and catches up;
 * every message shows exactly once in the conversation and reaches the member once.
 */
import { performance } from 'node:perf_hooks';
import { sleep, poll, type SuiteContext } from '../context';
import { portalConversation } from '../portal';
import { p50p99, tally, whichOnes, type Row } from '../table';

/** The keys of the items in a conversation: `bd-3` for the provider's, `Echo: bd-3` for the member's. */
export function itemKeys(texts: readonly string[], prefix: string): string[] {
  const pattern = new RegExp(`(Echo: )?(${prefix}-\\d+)(?!\\d)`);
  return texts.flatMap((text) => {
    const match = pattern.exec(text);
    return match ? [`${match[1] ?? ''}${match[2]}`] : [];
  });
}

/** How often the member simulator echoed each key (its "→ \"Echo: …\"" lines). */
export function echoedAtMember(lines: readonly string[], prefix: string): string[] {
  const pattern = new RegExp(`→ "Echo: (${prefix}-\\d+)"`);
  return lines.flatMap((line) => {
    const match = pattern.exec(line);
    return match ? [match[1]!] : [];
  });
}

export async function browserDrops(suite: SuiteContext): Promise<Row> {
  const runs = suite.counts.browserDrops;
  const portal = await portalConversation(suite, 'drops');
  const resumeMs: number[] = [];
  const expected: string[] = [];
  let fresh = 0;
  try {
    for (let i = 0; i < runs; i++) {
      const text = `bd-${i}`;
      expected.push(text, `Echo: ${text}`);
      // Gone while the member's answer is on its way.
      await portal.sayUntilAnswering(text);
      await portal.offline(true);
      await sleep(1_500);
      const before = performance.now();
      await portal.offline(false);
      const back = await poll(
        async () => {
          const at = Math.max(portal.lastFrame(/<resumed\b/), portal.lastFrame(/<enabled\b/));
          return at > before ? at : false;
        },
        'the chat back',
        30_000,
      );
      if (portal.lastFrame(/<enabled\b/) > before) fresh++;
      resumeMs.push(back - before);
      await poll(
        async () => itemKeys(await portal.texts(), 'bd').includes(`Echo: ${text}`),
        `the echo of ${text}`,
        20_000,
      );
      if ((i + 1) % 25 === 0) suite.log(`  portal: ${i + 1}/${runs} drops`);
    }
    await sleep(1_000);
    const shown = tally(expected, itemKeys(await portal.allTexts(), 'bd'));
    const atMember = tally(
      expected.filter((t) => !t.startsWith('Echo')),
      echoedAtMember(portal.sim.lines, 'bd'),
    );
    const lost = shown.lost + atMember.lost;
    const duplicated = shown.duplicated + atMember.duplicated;
    return {
      scenario: 'socket drops mid-conversation, portal (Chromium)',
      runs,
      lost,
      duplicated,
      timing: p50p99('resume', resumeMs),
      verdict: lost === 0 && duplicated === 0 ? 'pass' : 'FAIL',
      note: [
        `${expected.length} messages, offline 1.5 s each`,
        ...(fresh ? [`${fresh} fresh logins instead of resumption`] : []),
        ...whichOnes(shown, 'in the portal'),
        ...whichOnes(atMember, 'at the member'),
      ].join('; '),
    };
  } finally {
    await portal.close();
  }
}
