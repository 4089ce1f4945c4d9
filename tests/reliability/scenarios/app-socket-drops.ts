/**
 * The portal's app socket dropped (the tab offline: tests/reliability/portal.ts) while the
 * server creates notifications for the provider (the admin route, the same path as a real event):
 * after each reconnect the notification tree the portal fetched and its menu red dot equal the
 * server's tree (docs/wire/app-socket.md, notification-pushes.ts: every reconnect catches up).
 */
import { performance } from 'node:perf_hooks';
import type { Response } from 'playwright-core';
import { adminCall } from '../../support/api';
import { sleep, within, type SuiteContext } from '../context';
import { portalConversation } from '../portal';
import { p50p99, type Row } from '../table';

const CATEGORIES = ['SYSTEM', 'REVIEW', 'BOOKING'] as const;

interface Tree {
  count: number;
  children: unknown[];
}

export async function appSocketDrops(suite: SuiteContext): Promise<Row> {
  const runs = suite.counts.appSocketDrops;
  const { stack } = suite;
  const portal = await portalConversation(suite, 'appsocket');
  const { page } = portal;
  const catchUpMs: number[] = [];
  let mismatches = 0;
  const mismatchNotes: string[] = [];
  try {
    await page.goto('/Dashboard/Dashboard');
    for (let i = 0; i < runs; i++) {
      await portal.offline(true);
      await sleep(300);
      const created = await adminCall(stack.url, stack.adminSecret, 'POST', '/notifications', {
        email: portal.email,
        category: CATEGORIES[i % CATEGORIES.length],
        title: `While the socket was down ${i}`,
      });
      if (created.status !== 200) throw new Error(`The admin route answered ${created.status}`);
      const refreshed = page.waitForResponse(
        (r: Response) => r.url().includes('/message/reddot/tree') && r.status() === 200,
        { timeout: 30_000 },
      );
      const before = performance.now();
      await portal.offline(false);
      const response = await within(refreshed, 30_000, `the tree fetched after reconnect ${i + 1}`);
      const seen = ((await response.json()) as { data: Tree }).data;
      const token = (await response.request().allHeaders())['authtoken'];
      const server = await portal.context.request.get('/api/message/reddot/tree', {
        headers: { authToken: token ?? '', apiVersion: '7', os: 'web' },
      });
      const truth = ((await server.json()) as { data: Tree }).data;
      const dot = page.getByRole('status', { name: `Unread notifications: ${truth.count}` });
      const dotRight = await dot
        .first()
        .waitFor({ timeout: 10_000 })
        .then(() => true)
        .catch(() => false);
      catchUpMs.push(performance.now() - before);
      if (JSON.stringify(seen) !== JSON.stringify(truth) || !dotRight) {
        mismatches++;
        if (mismatchNotes.length < 2)
          mismatchNotes.push(
            `after drop ${i + 1}: portal ${seen.count}, server ${truth.count}, dot ${dotRight}`,
          );
      }
      if ((i + 1) % 25 === 0) suite.log(`  app socket: ${i + 1}/${runs} drops`);
    }
    return {
      scenario: 'app socket dropped: red dot and notification tree = server',
      runs,
      lost: mismatches,
      duplicated: null,
      timing: p50p99('caught up', catchUpMs),
      verdict: mismatches === 0 ? 'pass' : 'FAIL',
      note: mismatches
        ? mismatchNotes.join('; ')
        : `${runs} notifications created while down; lost = reconnects that disagreed`,
    };
  } finally {
    await portal.close();
  }
}
