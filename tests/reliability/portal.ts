/**
 * The portal in Debian's Chromium for the fault suite: a fresh provider signed in through the
 * login page, the member simulator (`npm run member`) as the other side of the conversation, a
 * way to take the tab's network away, and the chat's WebSocket frames to time a resumption.
 *
 * Chromium's DevTools offline emulation (Network.emulateNetworkConditions) fails new requests but
 * leaves open WebSockets running, so the tab's WebSockets (chat and app socket) go through
 * Playwright's WebSocket route, which can cut them: "offline" is DevTools offline for HTTP plus
 * every routed socket closed and new ones refused (docs/reliability.md).
 */
import type { BrowserContext, CDPSession, Page, WebSocketRoute } from 'playwright-core';
import { member } from '../../fixtures';
import { freshChatProvider } from '../e2e/messages-support';
import type { RunningMember } from '../support/member-simulator';
import { poll, type SuiteContext } from './context';

export interface PortalConversation {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  sim: RunningMember;
  email: string;
  password: string;
  /** The text of each item of the conversation the log has rendered (those near the view). */
  texts(): Promise<string[]>;
  /**
   * The text of every item of the conversation, in order: the log is virtualised (virtua,
   * docs/performance.md "Long lists"), so it is scrolled from top to bottom and each row read once,
   * by its entry; then it is left at the bottom again.
   */
  allTexts(): Promise<string[]>;
  /** Pages the whole history in ("Load older messages" until there is no older page). */
  loadAll(): Promise<void>;
  /** Types a message and sends it with Enter. */
  say(text: string): Promise<void>;
  /** Says `text`, then waits for the member to show typing: her answer is on its way. */
  sayUntilAnswering(text: string): Promise<void>;
  /** Opens the conversation with the member (after a reload). */
  open(): Promise<void>;
  /** Takes the tab offline (true) or back online (false), sockets included. */
  offline(on: boolean): Promise<void>;
  /** When the chat's WebSocket last received a frame matching `pattern` (performance.now() here). */
  lastFrame(pattern: RegExp): number;
  close(): Promise<void>;
}

const NAME = 'Emma Laurent';

export async function portalConversation(
  suite: SuiteContext,
  prefix: string,
  options: { blockChatWebSocket?: boolean } = {},
): Promise<PortalConversation> {
  const { stack } = suite;
  const browser = await suite.browser();
  const context = await browser.newContext({
    baseURL: stack.url,
    locale: 'en-GB',
    timezoneId: 'Europe/London',
  });
  const provider = await freshChatProvider(context.request, prefix, stack.dataDir);
  const sim = await suite.member();
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const live = new Set<WebSocketRoute>();
  let offline = false;
  await page.routeWebSocket(/\/(xmpp-websocket|socket)$/, (ws) => {
    // As a proxy that refuses the upgrade would (1008 policy violation), or the network is down.
    if (offline || (options.blockChatWebSocket && ws.url().endsWith('/xmpp-websocket'))) {
      void ws.close({ code: 1008, reason: 'blocked' });
      return;
    }
    const server = ws.connectToServer();
    live.add(ws);
    ws.onClose(() => {
      live.delete(ws);
      void server.close();
    });
    server.onClose(() => {
      live.delete(ws);
      void ws.close();
    });
  });
  const frames: Array<{ at: number; text: string }> = [];
  page.on('websocket', (ws) => {
    if (!ws.url().includes('xmpp-websocket')) return;
    ws.on('framereceived', ({ payload }) => {
      const text = typeof payload === 'string' ? payload : payload.toString();
      frames.push({ at: performance.now(), text });
      if (frames.length > 500) frames.splice(0, 250);
    });
  });
  const conversation = page.getByRole('region', { name: `Conversation with ${NAME}` });
  const log = conversation.getByRole('list', { name: `Messages with ${NAME}` });
  const emma = member('emma');

  await page.goto('/login');
  await page.getByLabel('Email').fill(provider.email);
  await page.getByLabel('Password', { exact: true }).fill(provider.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(/\/Dashboard\/Dashboard$/, { timeout: 30_000 });
  await page.goto(`/message?userId=${emma.chatId}`);
  await conversation.waitFor({ timeout: 30_000 });

  const say = async (text: string) => {
    const box = conversation.getByRole('textbox', { name: 'Message' });
    await box.fill(text);
    await box.press('Enter');
  };

  return {
    context,
    page,
    cdp,
    sim,
    email: provider.email,
    password: provider.password,
    texts: () => log.getByRole('listitem').evaluateAll((items) => items.map((li) => li.textContent ?? '')),
    allTexts: () =>
      // No named functions inside: tsx's esbuild would wrap them in a `__name` helper the page lacks.
      conversation.getByRole('log').evaluate(async (view) => {
        const rows = new Map<string, { index: number; text: string }>();
        view.scrollTop = 0;
        for (;;) {
          await new Promise<void>((resolve) =>
            requestAnimationFrame(() => requestAnimationFrame(() => resolve())),
          );
          for (const li of view.querySelectorAll('li[data-entry]'))
            rows.set(li.getAttribute('data-entry')!, {
              index: Number(li.getAttribute('data-index')),
              text: li.textContent ?? '',
            });
          if (view.scrollTop + view.clientHeight >= view.scrollHeight - 1) break;
          view.scrollTop += Math.max(1, Math.floor(view.clientHeight / 2));
        }
        // Indices move while older pages come in at the top; order does not count in a tally.
        return [...rows.values()].sort((a, b) => a.index - b.index).map((row) => row.text);
      }),
    async loadAll() {
      const older = conversation.getByRole('button', { name: 'Load older messages' });
      for (let pages = 0; pages < 100; pages++) {
        // The button shows once the first page is in; give it a moment to appear.
        const shown = await older
          .waitFor({ timeout: pages === 0 ? 2_000 : 5_000 })
          .then(() => true)
          .catch(() => false);
        if (!shown) return;
        const before = await log.getByRole('listitem').count();
        await older.click();
        await poll(
          async () => (await log.getByRole('listitem').count()) > before || !(await older.isVisible()),
          'an older page',
          15_000,
        );
      }
    },
    say,
    async sayUntilAnswering(text) {
      const seenLines = sim.lines.length;
      await say(text);
      // The member shows typing before she answers (`npm run member`, scripts/member/options.ts).
      await poll(
        async () => sim.lines.slice(seenLines).some((l) => l.includes('typing')),
        'the member typing her answer',
        15_000,
      );
    },
    async open() {
      await page
        .getByRole('navigation', { name: 'Conversations' })
        .getByRole('button', { name: new RegExp(NAME) })
        .click({ timeout: 30_000 });
      await conversation.waitFor({ timeout: 30_000 });
    },
    async offline(on) {
      offline = on;
      if (on) for (const ws of [...live]) void ws.close({ code: 4000, reason: 'network down' });
      await cdp.send('Network.emulateNetworkConditions', {
        offline: on,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
    },
    lastFrame(pattern) {
      for (let i = frames.length - 1; i >= 0; i--) if (pattern.test(frames[i]!.text)) return frames[i]!.at;
      return 0;
    },
    async close() {
      await context.close();
    },
  };
}
