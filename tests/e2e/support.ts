/**
 * Shared steps for the end-to-end tests: personas sign in through the real login page, or over the
 * API where the login page is not what a test proves (docs/testing.md "Signing in").
 */
import { expect, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { provider } from '../../fixtures';
import { ADVISOR_VERSION } from '../../src/app/session/session-store';
import { COOKIE_ADVISOR_VERSION, COOKIE_AUTH_TOKEN } from '../../src/app/storage/local-storage';
import type { SignInResult } from '../../src/shared/api/account';
import { freshClientAddress } from '../support/api';
import { mailedCode, RESET_CODE, SIGN_UP_CODE } from '../support/mail';

export async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

const DASHBOARD = '/Dashboard/Dashboard';

/**
 * Signs in over the API and opens `landing` signed in, for a test whose subject is not the login
 * page: the session goes into the browser's storage as the portal keeps it (spec §3 names; the
 * automatic logoff's keys, docs/security.md "Automatic logoff"), so the test pays for one page load
 * instead of the login page, the dashboard and then its own page (docs/testing.md "Signing in").
 * A provider with a second step, or whose agreement is due, has to use the form. `origin` names
 * another stack than the shared one.
 */
export async function signInOverApi(
  page: Page,
  email: string,
  password: string,
  landing = DASHBOARD,
  origin = new URL(process.env.E2E_BASE_URL!).origin,
) {
  const headers = { apiVersion: '7', os: 'web' };
  const signedIn = await page.request.post(`${origin}/api/user/user/sign/in/doctor`, {
    headers,
    form: { email, password },
  });
  const answer = (await signedIn.json()) as { code: string; data: SignInResult | { secondStep: unknown } };
  if (answer.code !== 'OK' || !('token' in answer.data))
    throw new Error(`Sign-in of ${email} over the API did not give a session: ${JSON.stringify(answer)}`);
  const { token, userInfo, autoLogoffSeconds } = answer.data;
  const due = await page.request.get(
    `${origin}/api/user/protocol/isDoctorPopupUserProtocolMsg/${userInfo.userId}`,
    {
      headers: { ...headers, authToken: token },
    },
  );
  const agreement = (await due.json()) as { code: string; data: { popup: boolean } };
  if (agreement.code !== 'OK') throw new Error(`The agreement check of ${email} failed: ${agreement.code}`);
  if (agreement.data.popup) throw new Error(`${email} has an agreement due: sign in through the form`);
  const now = String(Date.now());
  const kept: Record<string, string> = {
    authToken: token,
    agreementProtocol: '1',
    userInfo: JSON.stringify(userInfo),
    signedInAt: now,
    autoLogoffSeconds: String(autoLogoffSeconds),
    lastActivityAt: now,
  };
  await page.context().addCookies([
    { name: COOKIE_AUTH_TOKEN, value: encodeURIComponent(token), url: origin, sameSite: 'Lax' },
    { name: COOKIE_ADVISOR_VERSION, value: ADVISOR_VERSION, url: origin, sameSite: 'Lax' },
  ]);
  // Written before the portal's first script reads the storage, on this one load only.
  const seeding = await page.addInitScript(
    ({ origin, kept }) => {
      if (window.location.origin !== origin || window !== window.top) return;
      for (const [key, value] of Object.entries(kept)) window.localStorage.setItem(key, value);
    },
    { origin, kept },
  );
  await page.goto(new URL(landing, origin).href);
  await seeding.dispose();
  if (landing === DASHBOARD) await expect(page).toHaveURL(/\/Dashboard\/Dashboard$/);
}

/** A persona of fixtures/ signed in over the API, on `landing` (the dashboard unless told). */
export async function signInAs(page: Page, key: string, landing = DASHBOARD) {
  const p = provider(key);
  await signInOverApi(page, p.email, p.password, landing);
}

/**
 * The code of the newest mail to `email` matching `pattern` (a reset code unless told), from the
 * outbox of the shared e2e stack unless another stack's data directory is given.
 */
export function latestMailCode(
  email: string,
  pattern: RegExp = RESET_CODE,
  dataDir: string = process.env.E2E_DATA_DIR!,
): Promise<string> {
  return mailedCode(dataDir, email, pattern);
}

/**
 * Signs up through /toSign as a new provider does (docs/security.md "Sign-up"): her details, then
 * the code mailed to the address. Leaves the page where the portal goes next.
 */
export async function signUpThroughForm(
  page: Page,
  who: { firstName: string; lastName: string; email: string; password: string },
) {
  await page.goto('/toSign');
  await page.getByLabel('First name').fill(who.firstName);
  await page.getByLabel('Last name').fill(who.lastName);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password', { exact: true }).fill(who.password);
  await page.getByLabel('Confirm password').fill(who.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  const step = page.getByRole('form', { name: 'Confirm your e-mail address' });
  await expect(step.getByText(`We sent a 6-digit code to ${who.email}.`)).toBeVisible();
  await step.getByLabel('Code from the email').fill(await latestMailCode(who.email, SIGN_UP_CODE));
  await step.getByRole('button', { name: 'Create account' }).click();
}

/**
 * Signs up over the API (details, then the mailed code), from a client address of its own: sign-ups
 * are limited per client. Answers the new session's token. `dataDir` names another stack's outbox.
 */
export async function signUpOverApi(
  request: APIRequestContext,
  form: Record<string, string>,
  options: { headers?: Record<string, string>; dataDir?: string } = {},
): Promise<string> {
  const headers = { ...options.headers, 'X-Forwarded-For': freshClientAddress() };
  const started = await request.post('/api/user/user/sign/up/doctor', { headers, form });
  const { data } = (await started.json()) as { data: { signUpId: string } };
  const code = await latestMailCode(form.email!, SIGN_UP_CODE, options.dataDir);
  const confirmed = await request.post('/api/user/user/sign/up/doctor/confirm', {
    headers,
    form: { signUpId: data.signUpId, code },
  });
  const answer = (await confirmed.json()) as { code: string; data: { token: string } };
  if (answer.code !== 'OK') throw new Error(`Sign-up of ${form.email} failed: ${answer.code}`);
  return answer.data.token;
}

let counter = 0;
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${counter++}@clinic.example`;
}

/** Resolves once the portal's app socket has sent its last SUBSCRIBE (id 3, spec §7). */
export function socketSubscribed(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (ws) => {
      if (!ws.url().endsWith('/socket')) return;
      ws.on('framesent', ({ payload }) => {
        const text = typeof payload === 'string' ? payload : payload.toString();
        if (text.startsWith('SUBSCRIBE') && /\nid:3\n/.test(text)) resolve();
      });
    });
  });
}

/** Frames the remote video presents over a second (requestVideoFrameCallback), and its width. */
export function framesInASecond(page: Page): Promise<{ width: number; frames: number }> {
  return page.getByTestId('remote-video').evaluate(
    (video: HTMLVideoElement) =>
      new Promise((resolve) => {
        let frames = 0;
        const count = () => {
          frames++;
          video.requestVideoFrameCallback(count);
        };
        video.requestVideoFrameCallback(count);
        setTimeout(() => resolve({ width: video.videoWidth, frames }), 1000);
      }),
  );
}

/**
 * Resolves once the remote video has presented `count` new frames: the video moves. No rate is
 * asked for (a loaded machine decodes fewer frames a second; rates are the bench's).
 */
export function remoteFramesArrive(page: Page, count = 10, timeoutMs = 60_000): Promise<void> {
  return page.getByTestId('remote-video').evaluate(
    (video: HTMLVideoElement, [wanted, limit]) =>
      new Promise<void>((resolve, reject) => {
        let frames = 0;
        const timer = setTimeout(
          () => reject(new Error(`${frames} of ${wanted} video frames in ${limit} ms`)),
          limit,
        );
        const count = () => {
          if (++frames >= wanted) {
            clearTimeout(timer);
            resolve();
          } else video.requestVideoFrameCallback(count);
        };
        video.requestVideoFrameCallback(count);
      }),
    [count, timeoutMs] as const,
  );
}

/**
 * Resolves once a `role=status` element of the page has shown `text`. It starts watching when it
 * is called, so a text the page shows for a few seconds only (the call window's "Call ended",
 * docs/calls.md) is caught however late the test gets to look on a loaded machine.
 */
export function statusShown(page: Page, text: string, timeoutMs = 60_000): Promise<void> {
  return page.evaluate(
    ([wanted, limit]) =>
      new Promise<void>((resolve, reject) => {
        const texts = () =>
          [...document.querySelectorAll('[role="status"]')].map((el) => el.textContent?.trim() ?? '');
        const seen = new Set<string>();
        const check = () => {
          const now = texts();
          for (const t of now) seen.add(t);
          if (!now.includes(wanted)) return false;
          observer.disconnect();
          clearTimeout(timer);
          resolve();
          return true;
        };
        const observer = new MutationObserver(check);
        const timer = setTimeout(() => {
          observer.disconnect();
          reject(new Error(`No status showed "${wanted}"; seen: ${JSON.stringify([...seen])}`));
        }, limit);
        if (!check())
          observer.observe(document.body, { subtree: true, childList: true, characterData: true });
      }),
    [text, timeoutMs] as const,
  );
}

/** Leaves the call in `window` (Leave, then Yes in the tips) and sees "Call ended" shown. */
export async function leaveCall(page: Page, window: Locator): Promise<void> {
  const ended = statusShown(page, 'Call ended');
  await window.getByRole('button', { name: 'Leave' }).click();
  await page.getByRole('dialog', { name: 'Tips' }).getByRole('button', { name: 'Yes' }).click();
  await ended;
}

/**
 * A newly approved provider acknowledges the approval popup (spec §4 audit popup): "Got it", and
 * the server has recorded it before the test moves on — a full navigation right after the click
 * would abort that request, and the popup would open again on the next page.
 */
export async function acknowledgeApproval(page: Page, timeoutMs = 60_000): Promise<void> {
  const popup = page.getByRole('dialog', { name: 'Profile Approved' });
  const recorded = page.waitForResponse((r) => r.url().endsWith('/audit/popupShown') && r.ok(), {
    timeout: timeoutMs,
  });
  await popup.getByRole('button', { name: 'Got it' }).click({ timeout: timeoutMs });
  await recorded;
  await expect(popup).toBeHidden();
}

/**
 * A report's chart, drawn: the report screens draw their charts as they come near the viewport
 * (src/app/features/reports/member-charts.tsx), so the test scrolls to it as a provider would.
 */
export async function chartDrawn(chart: Locator): Promise<void> {
  await scrollUntilAttached(chart);
  await chart.scrollIntoViewIfNeeded();
  await expect(chart).toHaveAttribute('data-chart-state', 'ready');
}

/**
 * Scrolls as she would until `target` is on the page: a section that renders as it comes near the
 * viewport (src/app/components/when-near.tsx: a report's charts, member and recommended content)
 * is brought into view, one after another, until `target` is there.
 */
export async function scrollUntilAttached(target: Locator): Promise<void> {
  const page = target.page();
  await expect(async () => {
    await page.evaluate(() => document.querySelector('[data-testid="when-near"]')?.scrollIntoView());
    await expect(target).toBeAttached({ timeout: 500 });
  }).toPass({ timeout: 30_000 });
}

/** The headers of the page's signed-in portal (spec §7): its token and the client headers. */
async function signedInHeaders(page: Page): Promise<Record<string, string>> {
  const token = await page.evaluate(() => localStorage.getItem('authToken'));
  return { apiVersion: '7', os: 'web', timezone: 'Europe/London', authToken: token! };
}

/** The `list` of a paged own-API read, asked as the page's signed-in provider. */
export async function listOf<T>(page: Page, url: string): Promise<T[]> {
  const answer = await page.request.get(url, { headers: await signedInHeaders(page) });
  return ((await answer.json()) as { data: { list: T[] } }).data.list;
}
