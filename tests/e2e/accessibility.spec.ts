/**
 * Accessible (issue 26; docs/conventions.md "Accessibility"): axe-core finds nothing serious or
 * critical on any route of the portal — signed out, as each provider persona (approved, under
 * review, rejected, not yet confirmed, brand new), with the dialogs they open, the share window and
 * the protocol console, and a call's screens (the incoming overlay, the call window, its confirms,
 * the minimised widget) — and the signed-in layout has a skip link, dialogs give focus back to the
 * control that opened them, the call window takes focus when it opens, and the message log is a
 * polite live region that does not read out the history and, once it scrolls, is reached by the keyboard. axe is injected from the axe-core package (@axe-core/playwright needs Node 22.12).
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import type { AxeResults, ImpactValue } from 'axe-core';
import { member, provider } from '../../fixtures';
import { startMember } from '../support/member-simulator';
import { stopPeer } from '../support/xmpp-peer';
import { chatMessage, freshChatProvider, memberOpensDialog, providerJid } from './messages-support';
import { chartDrawn, listOf, signInAs, signInOverApi, signInThroughForm, uniqueEmail } from './support';
import { freshProvider } from './workspace-support';

/** A new provider's dashboard: her onboarding checklist (issue 26). */
const ONBOARDING = 'Get ready for your first consultation';

const AXE = path.join(path.dirname(createRequire(import.meta.url).resolve('axe-core')), 'axe.min.js');
const COUNTED: readonly ImpactValue[] = ['serious', 'critical'];

// The portal's Content-Security-Policy allows no inline script, which is how a script tag is added.
test.use({ bypassCSP: true });

/** Routes checked and what axe found, over the whole file (printed at the end). */
const checked: string[] = [];

/**
 * axe over the page as it is now (its content already waited for): every serious or critical
 * violation, one line each, with the page it was found on.
 */
async function violations(page: Page, where: string): Promise<string[]> {
  await page.addScriptTag({ path: AXE });
  const results = await page.evaluate(
    () =>
      (
        window as unknown as { axe: { run(context: Document, options: object): Promise<AxeResults> } }
      ).axe.run(document, { resultTypes: ['violations'] }) as Promise<unknown>,
  );
  checked.push(where);
  return (results as AxeResults).violations
    .filter((v) => v.impact && COUNTED.includes(v.impact))
    .flatMap((v) =>
      v.nodes.map(
        (n) =>
          `${where} (${page.url()}) — ${v.id} [${v.impact}] at ${n.target.join(' ')}: ${
            n.failureSummary?.replace(/\s+/g, ' ') ?? v.help
          }`,
      ),
    );
}

/** Visits each route in turn, waits for its content, and collects what axe finds. */
async function audit(page: Page, routes: ReadonlyArray<Route>): Promise<string[]> {
  const found: string[] = [];
  for (const route of routes) {
    if (route.path !== null) await page.goto(route.path);
    await route.ready(page);
    // No "Loading…" left anywhere: the page's data is in.
    await expect(page.getByText(/^Loading/)).toHaveCount(0);
    // One level-1 heading a page, the page's own (docs/conventions.md "Accessibility").
    if (route.path !== null) await expect(page.getByRole('heading', { level: 1 }), route.name).toHaveCount(1);
    const here = await violations(page, route.name);
    // Printed as found too: a later route that fails to load must not hide them.
    if (here.length > 0) console.log(here.join('\n'));
    found.push(...here);
    await route.after?.(page);
  }
  return found;
}

interface Route {
  name: string;
  /** Where to go; null checks the page as the previous step left it. */
  path: string | null;
  ready(page: Page): Promise<unknown>;
  after?(page: Page): Promise<unknown>;
}

const visible = (locator: (page: Page) => Locator) => (page: Page) => expect(locator(page)).toBeVisible();
const mainHeading = (name: string | RegExp) =>
  visible((page) => page.getByRole('main').getByRole('heading', { level: 1, name }).first());
const chartReady = (page: Page) => chartDrawn(page.getByTestId('cycle-chart'));
/** A report screen's three charts, each drawn as it is scrolled near (member-charts.tsx). */
const reportChartsDrawn = async (page: Page) => {
  for (const chart of ['cycle-chart', 'cycle-overlay', 'phase-chart'])
    await chartDrawn(page.getByTestId(chart));
};
const dialogOpen = (name: string) => visible((page) => page.getByRole('dialog', { name }));

function report(msg: string[]) {
  expect(msg, `axe found serious or critical violations:\n${msg.join('\n')}`).toEqual([]);
}

test.afterAll(() => {
  console.log(`axe checked ${checked.length} pages: ${checked.join(', ')}`);
});

test('signed out: sign-in, password reset, sign-up with its code step and the 404 page', async ({ page }) => {
  const found = await audit(page, [
    { name: 'login', path: '/login', ready: visible((p) => p.getByRole('button', { name: 'Sign in' })) },
    {
      name: 'login, password reset dialog',
      path: null,
      ready: async (p) => {
        await p.getByRole('button', { name: 'Forgot password?' }).click();
        await dialogOpen('Reset your password')(p);
      },
    },
    {
      name: 'sign-up',
      path: '/toSign',
      ready: visible((p) => p.getByRole('button', { name: 'Create account' })),
    },
    {
      name: 'sign-up, code step',
      path: null,
      ready: async (p) => {
        await p.getByLabel('First name').fill('Ada');
        await p.getByLabel('Last name').fill('Quist');
        await p.getByLabel('Email').fill(uniqueEmail('axe'));
        await p.getByLabel('Password', { exact: true }).fill('Axe-check-2026');
        await p.getByLabel('Confirm password').fill('Axe-check-2026');
        await p.getByRole('button', { name: 'Create account' }).click();
        await visible((q) => q.getByRole('form', { name: 'Confirm your e-mail address' }))(p);
      },
    },
    { name: 'not found', path: '/no/such/page', ready: visible((p) => p.getByText('404', { exact: true })) },
  ]);
  report(found);
});

test('Dr. Amelia Hart: every screen of the main layout, the report pages, the share window and the console', async ({
  page,
}) => {
  await signInAs(page, 'amelia');
  const draft = (
    await listOf<{ reportId: number }>(
      page,
      '/api/user/member/expertReport/reportList?type=MyTask&page=1&pageSize=50',
    )
  )[0]!;
  const done = (
    await listOf<{ reportId: number }>(
      page,
      '/api/user/member/expertReport/reportList?type=Completed&page=1&pageSize=50',
    )
  )[0]!;
  const appointment = (
    await listOf<{ id: number; memberName: string }>(
      page,
      '/api/consultation/invite/doctor/order/list?page=1&pageSize=50&status=UPCOMING',
    )
  ).find((a) => a.memberName === member('daniela').name)!;
  // A conversation with history and nothing unread: opening it changes no count another test reads.
  const bianca = member('bianca');

  const found = await audit(page, [
    {
      name: 'dashboard',
      path: '/Dashboard/Dashboard',
      ready: visible((p) => p.getByLabel(/^Pending reports: \d+$/)),
    },
    {
      name: 'balance',
      path: '/Dashboard/balance',
      ready: visible((p) => p.getByRole('region', { name: 'Per consultation' })),
    },
    {
      name: 'availability',
      path: '/Dashboard/account-setting?tab=availability',
      ready: visible((p) => p.locator('li', { hasText: /\d{4}: / }).first()),
    },
    {
      name: 'availability, editing',
      path: '/Dashboard/account-setting?tab=availability&isEdit=1',
      ready: visible((p) => p.getByRole('region', { name: 'Weekly hours' })),
    },
    {
      name: 'provider profile',
      path: '/Dashboard/account-setting?tab=providerProfile',
      ready: visible((p) => p.getByRole('article', { name: 'Your profile' })),
    },
    {
      name: 'clients',
      path: '/clients',
      ready: visible((p) => p.getByRole('table', { name: 'Your clients' }).getByRole('row').nth(1)),
    },
    {
      name: 'messages',
      path: '/message',
      ready: visible((p) => p.getByRole('navigation', { name: 'Conversations' }).getByRole('button').first()),
    },
    {
      name: 'messages, a conversation open',
      path: `/message?userId=${bianca.chatId}`,
      ready: visible((p) =>
        p
          .getByRole('list', { name: `Messages with ${bianca.name}` })
          .getByRole('listitem')
          .first(),
      ),
    },
    {
      name: 'messages, the block dialog open',
      path: null,
      ready: async (p) => {
        await p
          .getByRole('region', { name: `Conversation with ${bianca.name}` })
          .getByRole('button', { name: 'Block' })
          .click();
        await dialogOpen(`Block ${bianca.name}?`)(p);
      },
      after: (p) => p.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click(),
    },
    {
      name: 'calendar, week',
      path: '/calendar',
      ready: visible((p) => p.getByRole('table', { name: 'Week' })),
    },
    {
      name: 'calendar, month',
      path: null,
      ready: async (p) => {
        await p.getByRole('button', { name: 'Month', exact: true }).click();
        await visible((q) => q.getByRole('table', { name: 'Month' }))(p);
      },
    },
    {
      name: 'appointments',
      path: '/orders',
      ready: visible((p) => p.getByRole('table', { name: 'Your appointments' }).getByRole('row').nth(1)),
    },
    {
      name: 'appointment',
      path: `/orders/detail?id=${appointment.id}`,
      ready: visible((p) => p.getByRole('link', { name: 'Intake questionnaire' })),
    },
    {
      name: 'intake questionnaire',
      path: `/question?appointmentId=${appointment.id}`,
      ready: visible((p) => p.getByRole('region', { name: 'Reason for the consultation' })),
    },
    { name: 'reports', path: '/reports', ready: visible((p) => p.getByRole('tab', { selected: true })) },
    {
      name: 'report detail',
      path: `/reports/detail?reportId=${draft.reportId}`,
      ready: async (p) => {
        await reportChartsDrawn(p);
        await expect(p.getByTestId('cycle-source')).toBeVisible();
      },
    },
    { name: 'report review', path: `/reports/review?reportId=${done.reportId}`, ready: reportChartsDrawn },
    { name: 'daily chart', path: `/reports/daily-chart?reportId=${draft.reportId}`, ready: chartReady },
    {
      name: 'certification',
      path: '/profile/certification',
      ready: visible((p) => p.getByRole('form', { name: 'Provider profile and certification' })),
    },
    {
      name: 'profile',
      path: '/profile/setting',
      ready: visible((p) => p.getByRole('article', { name: 'Your profile' })),
    },
    {
      name: 'notifications',
      path: '/notifications',
      ready: visible((p) => p.getByRole('table', { name: 'Notifications' }).getByRole('row').nth(1)),
    },
    { name: 'settings', path: '/settings', ready: visible((p) => p.getByRole('table').first()) },
    {
      name: 'share window',
      path: `/shareScreen?otherUserId=${member('daniela').chatId}`,
      ready: visible((p) => p.getByRole('region', { name: 'Calendar' }).getByTestId('cycle-calendar')),
    },
    {
      name: 'protocol console',
      path: '/console',
      ready: visible((p) => p.getByRole('button', { name: 'Look for tabs' })),
    },
  ]);
  report(found);
});

test('every part of a signed-in page is in a landmark, and each landmark is told apart (axe region, landmark-unique)', async ({
  page,
}) => {
  await signInAs(page, 'amelia');
  const found: string[] = [];
  for (const [path, ready] of [
    ['/Dashboard/Dashboard', (p: Page) => p.getByRole('link', { name: /^Open messages/ })],
    ['/message', (p: Page) => p.getByRole('navigation', { name: 'Main menu' })],
    ['/notifications', (p: Page) => p.getByRole('table', { name: 'Notifications' }).getByRole('row').nth(1)],
  ] as const) {
    await page.goto(path);
    await expect(ready(page)).toBeVisible({ timeout: 30_000 });
    await page.addScriptTag({ path: AXE });
    const results = (await page.evaluate(() =>
      (window as unknown as { axe: { run(c: Document, o: object): Promise<unknown> } }).axe.run(document, {
        runOnly: ['region', 'landmark-unique'],
      }),
    )) as AxeResults;
    for (const v of results.violations)
      for (const n of v.nodes) found.push(`${path}: ${v.id} at ${n.target.join(' ')}`);
  }
  expect(found).toEqual([]);
});

test('the other personas: under review, rejected with the status dialog, not yet confirmed, brand new', async ({
  browser,
  request,
}) => {
  const found: string[] = [];
  const as = async (key: string, routes: Route[], signIn: (page: Page) => Promise<void>) => {
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await signIn(page);
      found.push(
        ...(await audit(
          page,
          routes.map((r) => ({ ...r, name: `${key}: ${r.name}` })),
        )),
      );
    } finally {
      await context.close();
    }
  };
  await as(
    'bruno',
    [
      {
        name: 'dashboard',
        path: '/Dashboard/Dashboard',
        ready: visible((p) => p.getByRole('region', { name: ONBOARDING })),
      },
      {
        name: 'profile status',
        path: '/profile/certification/success',
        ready: visible((p) => p.getByRole('region', { name: 'Profile status' })),
      },
    ],
    (p) => signInAs(p, 'bruno'),
  );
  await as(
    'chiara',
    [
      {
        name: 'dashboard, then the reasons',
        path: '/Dashboard/Dashboard',
        ready: async (p) => {
          await p
            .getByRole('region', { name: ONBOARDING })
            .getByRole('link', { name: 'Read the reasons' })
            .click();
          await mainHeading(/./)(p);
        },
      },
      {
        name: 'certification',
        path: '/profile/certification',
        ready: visible((p) => p.getByRole('form', { name: 'Provider profile and certification' })),
      },
    ],
    (p) => signInAs(p, 'chiara'),
  );
  await as(
    'erin',
    [
      { name: 'dashboard', path: '/Dashboard/Dashboard', ready: mainHeading(/./) },
      {
        name: 'verification',
        path: '/verification',
        ready: visible((p) => p.getByRole('heading', { level: 1 })),
      },
    ],
    (p) => signInAs(p, 'erin'),
  );
  const fresh = await freshProvider(request, 'axe');
  await as(
    'new provider',
    [
      {
        name: 'dashboard',
        path: '/Dashboard/Dashboard',
        ready: visible((p) => p.getByRole('region', { name: ONBOARDING })),
      },
      {
        name: 'certification',
        path: '/profile/certification',
        ready: visible((p) => p.getByRole('form', { name: 'Provider profile and certification' })),
      },
    ],
    async (p) => {
      await signInThroughForm(p, fresh.email, fresh.password);
      await expect(p).toHaveURL(/\/Dashboard\/Dashboard$/);
    },
  );
  await as('dana', [{ name: 'agreement dialog', path: null, ready: dialogOpen('Before you start') }], (p) =>
    signInThroughForm(p, provider('dana').email, provider('dana').password),
  );
  report(found);
});

test('a call: the incoming overlay, the call window, its dialogs and the minimised widget', async ({
  page,
  request,
}) => {
  const emma = member('emma');
  const { provider: fresh, peer } = await memberOpensDialog(request, 'axecall', 'emma');
  await stopPeer(peer);
  await signInOverApi(page, fresh.email, fresh.password, `/message?userId=${emma.chatId}`);
  await expect(page.getByRole('region', { name: 'Conversation with Emma Laurent' })).toBeVisible({
    timeout: 60_000,
  });
  const sim = await startMember(process.env.E2E_BASE_URL!, 'emma', { args: ['--call', fresh.email] });
  try {
    const found: string[] = [];
    const overlay = page.getByRole('alertdialog', { name: 'Emma Laurent' });
    await expect(overlay).toBeVisible({ timeout: 60_000 });
    found.push(...(await violations(page, 'incoming call')));
    // Answered with the keyboard: the window that opens has focus, on its heading.
    await overlay.getByRole('button', { name: 'Accept' }).press('Enter');
    const window = page.getByRole('region', { name: 'Call with Emma Laurent', exact: true });
    const heading = window.getByRole('heading', { name: 'Emma Laurent' });
    await expect(heading).toBeFocused();
    await expect(window.getByRole('status')).toContainText('Connected', { timeout: 60_000 });
    found.push(...(await violations(page, 'call window')));
    // The sharing confirm, cancelled: the call goes on.
    await window.getByRole('button', { name: 'Share Screen' }).click();
    const confirm = page.getByRole('dialog', { name: 'Sharing Screen' });
    await expect(confirm).toBeVisible();
    found.push(...(await violations(page, 'sharing confirm')));
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toBeHidden();
    await window.getByRole('button', { name: 'Zoom out' }).click();
    const widget = page.getByRole('region', { name: 'Call with Emma Laurent, minimised' });
    await expect(widget).toBeVisible();
    found.push(...(await violations(page, 'minimised call')));
    await widget.getByRole('button', { name: 'Zoom in' }).press('Enter');
    await expect(heading).toBeFocused();
    // The leave confirm, then Yes.
    await window.getByRole('button', { name: 'Leave' }).click();
    const tips = page.getByRole('dialog', { name: 'Tips' });
    await expect(tips).toBeVisible();
    found.push(...(await violations(page, 'leave confirm')));
    await tips.getByRole('button', { name: 'Yes' }).click();
    await sim.waitFor(/hung up/);
    report(found);
  } finally {
    await sim.stop();
  }
});

test('reads that failed, each said with its retry (docs/conventions.md item 5)', async ({ page }) => {
  await page.route(/\/doctor\/client\/list|\/doctor\/getDialogs|\/doctor\/dashboard(\?|$)/, (route) =>
    route.fulfill({ status: 503, body: '' }),
  );
  await signInAs(page, 'amelia');
  const failed = (text: string) =>
    visible((p) => p.getByRole('main').getByRole('alert').filter({ hasText: text }));
  report(
    await audit(page, [
      {
        name: 'dashboard, its read failed',
        path: '/Dashboard/Dashboard',
        ready: failed('Something went wrong'),
      },
      { name: 'clients, the list not read', path: '/clients', ready: failed('Something went wrong') },
      {
        name: 'messages, the dialog list not read',
        path: '/message',
        ready: failed('Your conversations could not be loaded.'),
      },
    ]),
  );
});

test('the skip link is the first stop of the keyboard and lands on the main region', async ({ page }) => {
  await signInAs(page, 'amelia');
  for (const [language, label] of [
    ['en', 'Skip to content'],
    ['de', 'Zum Inhalt springen'],
  ] as const) {
    await page.evaluate((l) => localStorage.setItem('language', l), language);
    await page.goto('/clients');
    await expect(page.locator('html')).toHaveAttribute('lang', language);
    await expect(page.getByRole('table').getByRole('row').nth(1)).toBeVisible();
    await page.keyboard.press('Tab');
    const skip = page.getByRole('link', { name: label });
    await expect(skip).toBeFocused();
    await expect(skip).toBeInViewport();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('main')).toBeFocused();
    await expect(page).toHaveURL(/\/clients$/);
  }
  await page.evaluate(() => localStorage.setItem('language', 'en'));
});

test('a dialog gives focus back to the control that opened it', async ({ page }) => {
  await page.goto('/login');
  const forgot = page.getByRole('button', { name: 'Forgot password?' });
  await forgot.click();
  await page
    .getByRole('dialog', { name: 'Reset your password' })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await expect(forgot).toBeFocused();
  await forgot.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Reset your password' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(forgot).toBeFocused();

  await signInAs(page, 'amelia');
  const bianca = member('bianca');
  await page.goto(`/message?userId=${bianca.chatId}`);
  const block = page
    .getByRole('region', { name: `Conversation with ${bianca.name}` })
    .getByRole('button', { name: 'Block' });
  await block.click();
  await page
    .getByRole('dialog', { name: `Block ${bianca.name}?` })
    .getByRole('button', { name: 'Cancel' })
    .click();
  await expect(block).toBeFocused();
});

test('a conversation that scrolls: the message log is reached by the keyboard', async ({ page, request }) => {
  const { provider: fresh, dialogId, peer } = await memberOpensDialog(request, 'axescroll', 'emma');
  try {
    await page.setViewportSize({ width: 1280, height: 600 });
    await signInOverApi(page, fresh.email, fresh.password, `/message?userId=${member('emma').chatId}`);
    const name = member('emma').name;
    const log = page
      .getByRole('region', { name: `Conversation with ${name}` })
      .getByRole('log', { name: `Messages with ${name}` });
    // Enough of her messages to scroll the log (axe checks scrollable-region-focusable only then).
    for (let n = 1; n <= 12; n++)
      await peer.send(chatMessage(providerJid(fresh.chatId), `Question ${n} about my cycle`, dialogId));
    await expect(log.getByText('Question 12 about my cycle')).toBeVisible({ timeout: 60_000 });
    expect(await log.evaluate((view) => view.scrollHeight > view.clientHeight)).toBe(true);
    report(await violations(page, 'messages, a conversation that scrolls'));
    await log.focus();
    await expect(log).toBeFocused();
  } finally {
    await stopPeer(peer);
  }
});

test('the message log is a polite live region that reads out what arrives, not the history', async ({
  page,
  request,
}) => {
  const emma = member('emma');
  // A provider of its own: the member's echo does not add to the seeded conversations.
  const fresh = await freshChatProvider(request, 'axelog');
  const sim = await startMember(process.env.E2E_BASE_URL!, 'emma');
  try {
    await signInOverApi(page, fresh.email, fresh.password, `/message?userId=${emma.chatId}`);
    const conversation = page.getByRole('region', { name: `Conversation with ${emma.name}` });
    await expect(conversation.getByText('No messages yet. Say hello!')).toBeVisible({ timeout: 60_000 });
    const log = conversation.getByRole('log', { name: `Messages with ${emma.name}` });
    await expect(log).toHaveAttribute('aria-live', 'polite');
    const rows = log.getByRole('list', { name: `Messages with ${emma.name}` });
    // The rows the virtualiser renders are not live themselves (log-announcer.tsx).
    await expect(rows).toHaveAttribute('aria-live', 'off');
    const spoken = log.getByTestId('log-announcer');

    const text = `Axe check ${Date.now()}`;
    await conversation.getByRole('textbox', { name: 'Message' }).fill(text);
    await conversation.getByRole('textbox', { name: 'Message' }).press('Enter');
    // Her answer is read out; our own message is not.
    await expect(spoken.getByRole('listitem')).toHaveCount(1);
    await expect(spoken.getByRole('listitem')).toHaveAttribute('data-say', `Echo: ${text}`);
    expect(
      await spoken
        .getByRole('listitem')
        .evaluate((item) => getComputedStyle(item, '::before').content.replace(/^"|"$/g, '')),
    ).toBe(`Echo: ${text}`);

    // Opened again, the history shows and nothing of it is read out.
    await page.reload();
    await page
      .getByRole('navigation', { name: 'Conversations' })
      .getByRole('button', { name: emma.name, exact: true })
      .click();
    await expect(rows.getByText(`Echo: ${text}`)).toBeVisible({ timeout: 60_000 });
    await expect(spoken.getByRole('listitem')).toHaveCount(0);
  } finally {
    await sim.stop();
  }
});
