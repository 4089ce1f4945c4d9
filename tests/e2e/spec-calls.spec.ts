/**
 * The calls of spec §7 the portal makes at the moments the spec names (issue 12): a red-dot push
 * refreshes the red dot with `/message/reddot/refresh` (spec §4 Notifications), and the chat
 * login reads the chat credentials from `/message/qb/user/getInfo`; every messaging call carries
 * platform PROVIDER_ADVISOR (spec §6).
 */
import { expect, test, type Request } from '@playwright/test';
import { signInAs, signInOverApi, socketSubscribed } from './support';
import { admin, freshProvider, submitProfileOverApi } from './workspace-support';

const MESSAGING = /\/api\/message\//;

test('a red-dot push refreshes the red dot from the server', async ({ page, request }) => {
  const p = await freshProvider(request, 'refresh');
  await submitProfileOverApi(request, p.token);
  const subscribed = socketSubscribed(page);
  await signInOverApi(page, p.email, p.password);
  await subscribed;

  const refreshes: Request[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname === '/api/message/reddot/refresh') refreshes.push(r);
  });
  const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/message/reddot/refresh');
  expect(await admin(['audit', 'approve', p.email])).toContain('NEED_AUDIT → AUDIT_PASSED');
  const response = await answered;
  const body = (await response.json()) as { code: string; data: { notification: boolean; unread: number } };
  expect(body.code).toBe('OK');
  expect(body.data).toEqual({ notification: true, unread: 1 });
  expect(new URL(refreshes[0]!.url()).searchParams.get('platform')).toBe('PROVIDER_ADVISOR');
  const dot = page.getByRole('navigation', { name: 'Main menu' }).getByTestId('notification-red-dot');
  await expect(dot).toHaveAttribute('aria-label', 'Unread notifications: 1');
});

test('the chat login reads the chat credentials, and messaging calls carry the platform', async ({
  page,
}) => {
  const messaging: URL[] = [];
  page.on('request', (r) => {
    if (MESSAGING.test(r.url())) messaging.push(new URL(r.url()));
  });
  const credentials = page.waitForResponse(
    (r) => new URL(r.url()).pathname === '/api/message/qb/user/getInfo',
  );
  await signInAs(page, 'amelia');
  const answer = (await (await credentials).json()) as { code: string; data: { quickBloxId: number } };
  expect(answer.code).toBe('OK');
  expect(answer.data.quickBloxId).toBe(100001);
  await expect(page.getByRole('link', { name: /Messages/ }).first()).toBeVisible();
  expect(messaging.length).toBeGreaterThan(1);
  for (const url of messaging)
    expect(url.searchParams.get('platform'), url.pathname).toBe('PROVIDER_ADVISOR');
});
