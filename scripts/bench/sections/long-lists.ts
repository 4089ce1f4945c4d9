/**
 * docs/performance.md "Long lists": a fresh provider with 500 dialogs and a conversation of
 * 5,000 messages (60 and 400 with --quick; seeded through the chat-service REST,
 * tests/support/long-chat.ts), on /message
 * of the built portal in Debian's Chromium. The dialog list is walked with the keyboard and the
 * wheel, the conversation's history paged in to the start, then scrolled with PageUp and the
 * wheel, and a message of ~40 characters typed key by key and sent. Figures from the Event Timing
 * API (worst interaction by interactionId: INP), long tasks and the longest frame
 * (scripts/bench/portal/responsiveness.ts); rows in the DOM counted after each phase.
 */
import { chromium, type Locator } from '@playwright/test';
import { member } from '../../../fixtures';
import { apiClient } from '../../../tests/support/api';
import {
  privateDialog,
  providerChatSession,
  seedConversation,
  seedDialogs,
} from '../../../tests/support/long-chat';
import { qbClient } from '../../../tests/support/qb';
import type { TestStack } from '../../../tests/support/stack';
import { CHROMIUM_ARGS } from '../../../playwright.config';
import type { BenchContext, BenchSection } from '../bench';
import { installProbe, measurePhase, type PhaseFigures } from '../portal/responsiveness';

const quick = process.argv.includes('--quick');
/**
 * Seeding goes through the real server (a client costs a password hash, a message some 20 ms
 * here): quick mode seeds fewer.
 */
const DIALOGS = quick ? 60 : 500;
const MESSAGES = quick ? 400 : 5000;
const ARROW_KEYS = quick ? 30 : 120;
const PAGE_KEYS = quick ? 10 : 40;
const WHEELS = quick ? 10 : 40;
const TYPING_ROUNDS = quick ? 1 : 3;
const TEXT = 'Your results look good, see you on Monday';
/** Rows of either list in the DOM: a screenful and the overscan, never the whole list. */
const MAX_ROWS = 60;
const INP_TARGET_MS = 100;

/** A provider who signed up with the mailed code and agreed to the protocols (as a new one does). */
async function freshProvider(stack: TestStack) {
  const api = apiClient(stack);
  const fresh = await api.signUpFresh('longlists');
  const popup = await api.call<{ protocols: Array<{ id: number }> }>(
    'GET',
    '/user/protocol/getProtocolPopupInfo/new',
    { token: fresh.token },
  );
  await api.call('POST', '/user/protocol/records/add?platform=web', {
    token: fresh.token,
    form: { protocolIds: popup.data.protocols.map((p) => p.id).join(',') },
  });
  return fresh;
}

const setSize = (list: Locator) =>
  list
    .getByRole('listitem')
    .first()
    .getAttribute('aria-setsize')
    .then((n) => Number(n ?? 0));

/** Pages history in by scrolling the log to its top until `count` messages are held. */
async function pageIn(log: Locator, count: number): Promise<number> {
  const list = await log.elementHandle();
  if (!list) throw new Error('No message log');
  let pages = 0;
  for (let held = await setSize(log); held < count; held = await setSize(log)) {
    await list.evaluate((ol) => (ol.parentElement!.scrollTop = 0));
    await log
      .page()
      .waitForFunction(
        ([ol, before]) => Number(ol.querySelector('li')?.getAttribute('aria-setsize') ?? 0) > before,
        [list, held] as const,
        { timeout: 30_000 },
      );
    pages++;
  }
  return pages;
}

function reportPhase(report: BenchContext['report'], what: string, figures: PhaseFigures, typing: boolean) {
  if (typing)
    report({
      metric: `${what}: worst interaction (INP)`,
      ours: figures.inpMs,
      unit: 'ms',
      target: { at: 'most', value: INP_TARGET_MS, of: 'figure' },
    });
  else report({ metric: `${what}: worst event`, ours: Math.max(16, figures.worstEventMs), unit: 'ms' });
  report({ metric: `${what}: worst frame`, ours: figures.worstFrameMs, unit: 'ms' });
  report({
    metric: `${what}: long tasks total (${figures.longTasks})`,
    ours: figures.longTaskMs,
    unit: 'ms',
  });
}

const seconds = (since: number) => ((performance.now() - since) / 1000).toFixed(0);

/** The provider every run signs in as, with her dialogs and the long conversation seeded once. */
type Seeded = Awaited<ReturnType<typeof freshProvider>>;

export const section: BenchSection<Seeded> = {
  name: 'long lists',
  async setup({ stack, note }) {
    const fresh = await freshProvider(stack);
    const qb = qbClient(stack.url);
    const providerToken = await providerChatSession(stack.url, fresh.token);
    const emma = member('emma');
    const dialogId = await privateDialog(qb, providerToken, emma.chatId);
    let started = performance.now();
    await seedDialogs(qb, providerToken, DIALOGS - 1, 86_400);
    note(`seeded ${DIALOGS - 1} clients with a dialog and a message each in ${seconds(started)} s`);
    started = performance.now();
    await seedConversation(qb, dialogId, [await qb.memberSession('emma'), providerToken], MESSAGES);
    note(`seeded ${MESSAGES} messages in one dialog in ${seconds(started)} s (chat-service REST)`);
    return fresh;
  },
  async run({ stack, report, note }, fresh) {
    const browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: CHROMIUM_ARGS,
    });
    try {
      const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
      await installProbe(page);
      await page.goto(`${stack.url}/login`);
      await page.getByLabel('Email').fill(fresh.email);
      await page.getByLabel('Password', { exact: true }).fill(fresh.password);
      await page.getByRole('button', { name: 'Sign in' }).click();
      await page.waitForURL(/\/Dashboard\/Dashboard$/);
      await page.goto(`${stack.url}/message`);

      // The dialog list: End, Home, then down the list key by key, then the wheel.
      const dialogs = page.getByRole('navigation', { name: 'Conversations' });
      const rows = dialogs.getByRole('listitem');
      await rows.first().waitFor();
      const first = dialogs.getByRole('button', { name: /Emma Laurent/ });
      await first.focus();
      const listFigures = await measurePhase(page, async () => {
        await page.keyboard.press('End');
        await page.keyboard.press('Home');
        for (let i = 0; i < ARROW_KEYS; i++) await page.keyboard.press('ArrowDown', { delay: 20 });
        await dialogs.hover();
        for (let i = 0; i < WHEELS; i++) {
          await page.mouse.wheel(0, 600);
          await page.waitForTimeout(30);
        }
      });
      const dialogRows = await rows.count();
      reportPhase(report, `scrolling ${DIALOGS} dialogs`, listFigures, false);
      report({
        metric: 'dialog rows in the DOM',
        ours: dialogRows,
        reference: await setSize(dialogs),
        referenceName: 'dialogs',
        unit: '',
        target: { at: 'most', value: MAX_ROWS, of: 'figure' },
      });

      // The conversation: opened at the newest, history paged in, then scrolled.
      await page.keyboard.press('Home');
      await first.click();
      const conversation = page.getByRole('region', { name: 'Conversation with Emma Laurent' });
      const log = conversation.getByRole('list', { name: 'Messages with Emma Laurent' });
      // Its newest page: the last seeded message, or in a later run the ones an earlier run typed.
      await log.getByRole('listitem').first().waitFor();
      const paging = performance.now();
      let pages = 0;
      const pagingFigures = await measurePhase(page, async () => {
        pages = await pageIn(log, MESSAGES);
      });
      const held = await setSize(log);
      note(
        `${pages} history pages (${held} messages) paged in by scrolling to the top in ${seconds(paging)} s`,
      );
      report({
        metric: `paging in ${held} messages: long tasks total (${pagingFigures.longTasks})`,
        ours: pagingFigures.longTaskMs,
        unit: 'ms',
      });
      await log.getByRole('listitem').first().click();
      const scrollFigures = await measurePhase(page, async () => {
        for (let i = 0; i < PAGE_KEYS; i++) await page.keyboard.press(i % 4 === 3 ? 'PageDown' : 'PageUp');
        for (let i = 0; i < WHEELS; i++) {
          await page.mouse.wheel(0, i % 2 ? 900 : -1200);
          await page.waitForTimeout(30);
        }
      });
      reportPhase(report, `scrolling ${held} messages`, scrollFigures, false);

      // Typing key by key (and sending) with everything held.
      const box = conversation.getByRole('textbox', { name: 'Message' });
      await box.click();
      const typingFigures = await measurePhase(page, async () => {
        for (let round = 0; round < TYPING_ROUNDS; round++) {
          await box.pressSequentially(TEXT, { delay: 60 });
          await page.keyboard.press('Enter');
          await page.waitForTimeout(200);
        }
      });
      reportPhase(report, `typing ${TEXT.length} characters in ${held} messages`, typingFigures, true);
      report({
        metric: 'bubbles in the DOM',
        ours: await log.getByRole('listitem').count(),
        reference: await setSize(log),
        referenceName: 'messages held',
        unit: '',
        target: { at: 'most', value: MAX_ROWS, of: 'figure' },
      });
      note(
        `INP: Event Timing (PerformanceObserver 'event', durationThreshold 16), the longest event of each interactionId, worst of ${TYPING_ROUNDS * (TEXT.length + 1)} key presses at 60 ms; 16 ms means none reached the threshold`,
      );
      note(
        `scrolling: ${ARROW_KEYS} ArrowDown through the dialog list, ${PAGE_KEYS} PageUp/PageDown in the log, ${WHEELS} wheel turns in each; worst frame is the longest gap between animation frames`,
      );
    } finally {
      await browser.close();
    }
  },
};
