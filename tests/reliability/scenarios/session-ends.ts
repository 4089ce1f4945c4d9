/**
 * A portal session that ends takes every chat session of the provider with it, hibernating ones
 * included (docs/reliability.md "Tabs and sessions"; docs/security.md "Automatic logoff"). Each
 * run: a fresh provider with two tabs on the conversation with Clara; the one that holds the
 * browser's chat connection crashes (its session hibernates, XEP-0198) and the other takes it
 * over (docs/architecture.md §3 "One chat connection per browser"); then the session ends in one
 * of four ways — a sign-in elsewhere kicks it, she signs out from the top bar, the idle logoff
 * signs her out (the browser's clock moved on 16 minutes), or her password is reset by mail.
 *
 * Passes when Prosody holds no chat session of hers 5 s after the end (none came back either:
 * the kicked tab's reconnects are refused).
 */
import { apiClient } from '../../support/api';
import { mailedCode, RESET_CODE } from '../../support/mail';
import type { Page } from 'playwright-core';
import { chatTabs, type ChatTabs } from '../chat-tabs';
import { poll, sleep, type SuiteContext } from '../context';
import { p50p99, type Row } from '../table';

export const ENDS = ['kicked by a new sign-in', 'signed out', 'idle logoff', 'password reset'] as const;
type End = (typeof ENDS)[number];

async function end(suite: SuiteContext, tabs: ChatTabs, page: Page, how: End): Promise<void> {
  const api = apiClient(suite.stack.url);
  switch (how) {
    case 'kicked by a new sign-in':
      await api.signIn(tabs.email, tabs.password);
      return;
    case 'signed out':
      await page.getByRole('banner').getByRole('button', { name: 'Sign out' }).click();
      await page.waitForURL(/\/login/, { timeout: 60_000 });
      return;
    case 'idle logoff':
      await page.clock.fastForward('16:00');
      await page.waitForURL(/\/login/, { timeout: 60_000 });
      return;
    case 'password reset': {
      const ask = await api.call('POST', '/user/user/sign/forget/password', { form: { email: tabs.email } });
      if (ask.code !== 'OK') throw new Error(`Reset code not sent: ${ask.code}`);
      const code = await mailedCode(suite.stack.dataDir, tabs.email, RESET_CODE);
      const reset = await api.call('POST', '/user/user/sign/forget/password', {
        form: { email: tabs.email, code, password: 'Reset-pass-2026' },
      });
      if (reset.code !== 'OK') throw new Error(`Password reset refused: ${reset.code}`);
      return;
    }
  }
}

export async function sessionEnds(suite: SuiteContext): Promise<Row> {
  const rounds = suite.counts.sessionEnds;
  const browser = await suite.browser();
  const goneMs: number[] = [];
  const left: string[] = [];
  for (let round = 0; round < rounds; round++) {
    for (const how of ENDS) {
      const tabs = await chatTabs(suite, browser, `ends-${round}`, { clock: how === 'idle logoff' });
      try {
        const live = await tabs.open();
        const crashed = tabs.home;
        const renderer = crashed.page.waitForEvent('crash');
        await crashed.page.goto('chrome://crash').catch(() => undefined);
        await renderer;
        await crashed.page.close();
        await poll(async () => live.holds(), 'the live tab taking the connection over', 60_000);
        await poll(async () => (await tabs.sessions()) === 2, 'the crashed tab’s session listed', 60_000);
        const started = Date.now();
        await end(suite, tabs, live.page, how);
        goneMs.push(
          await poll(async () => ((await tabs.sessions()) === 0 ? Date.now() - started : false), how, 60_000),
        );
        await sleep(Math.max(0, started + 5_000 - Date.now()));
        const after = await tabs.sessions();
        if (after > 0) left.push(`${after} after ${how}`);
      } finally {
        await tabs.close();
      }
    }
    suite.log(`  session ends: ${round + 1}/${rounds}`);
  }
  const late = goneMs.filter((t) => t > 5_000).length;
  return {
    scenario: 'portal session ended: kick, sign-out, idle logoff, password reset (Chromium)',
    runs: rounds * ENDS.length,
    lost: null,
    duplicated: null,
    timing: `${p50p99('0 sessions', goneMs)} · max ${Math.round(Math.max(...goneMs))} ms`,
    verdict: left.length === 0 && late === 0 ? 'pass' : 'FAIL',
    note: [
      `${rounds} of each, the holding tab crashed (its session hibernating) and the other holding`,
      ...(left.length ? [`sessions at 5 s: ${left.slice(0, 4).join(', ')}`] : []),
      ...(late ? [`${late} later than 5 s`] : []),
    ].join('; '),
  };
}
