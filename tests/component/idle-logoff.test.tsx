/**
 * The automatic logoff's warning (docs/security.md "Automatic logoff"; layouts/idle-logoff.tsx)
 * against a test portal runtime: after the idle time less its lead the warning asks whether she is
 * still there and names what is not saved yet — a chat message waiting in the runtime's kept outbox —
 * and "Stay signed in" closes it and tells the server of her activity (spec §7 activity report).
 * The clock is Vitest's (timers and Date), the own API a stubbed fetch.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdleLogoff } from '../../src/app/layouts/idle-logoff';
import type { DoctorInfo } from '../../src/shared/api/account';
import { serveApi } from './fake-api';
import { takeReturnPath } from '../../src/app/storage/return-path';
import { createTestRuntime, renderWithRuntime } from './test-runtime';

const PROVIDER = { userId: 41, chatId: 100010 } as DoctorInfo;

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    // Promises and the dialog's code still come in while the test waits.
    shouldAdvanceTime: true,
  });
  // Two minutes without activity end the session; the warning comes one minute before.
  localStorage.setItem('autoLogoffSeconds', '120');
  localStorage.setItem('lastActivityAt', String(Date.now()));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the idle-logoff warning', () => {
  it('names the unsent chat message, and "Stay signed in" keeps the session and reports activity', async () => {
    const api = serveApi({ 'POST /user/user/sign/activity/doctor': () => null });
    const runtime = createTestRuntime();
    const { session } = runtime.root;
    session.start('token', PROVIDER);
    await runtime.outboxStore.put({
      key: '6a1f00000000000000000001',
      owner: PROVIDER.chatId,
      at: Date.now(),
      tab: 'gone-tab',
      item: {
        kind: 'message',
        dialog: { type: 3, id: '5f0c1a2b3c4d5e6f7a8b9c0d', memberId: 200005 },
        message: { id: '6a1f00000000000000000001', body: 'Results attached' },
      },
    });
    renderWithRuntime(<IdleLogoff />, runtime);
    expect(screen.queryByRole('dialog')).toBeNull();

    vi.advanceTimersByTime(61_000);
    const warning = await screen.findByRole('dialog', { name: 'Are you still there?' }, { timeout: 20_000 });
    await waitFor(() => expect(warning.textContent).toContain('1 chat message waiting to be sent'));
    expect(warning.textContent).toContain('signed out after 2 minutes without activity');

    fireEvent.click(within(warning).getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(api.requests).toContain('POST /user/user/sign/activity/doctor'));
    expect(session.state.token).toBe('token');
  });

  it("records where this tab was when another tab's logoff ends the session, and not for an end before the time", async () => {
    const runtime = createTestRuntime();
    const { session } = runtime.root;
    const reportPath = '/reports/detail?reportId=12';
    session.start('token', PROVIDER);
    const first = renderWithRuntime(<IdleLogoff />, runtime, { path: reportPath });
    // A token error long before the time is up (spec §8) is no logoff: nothing to return to.
    vi.advanceTimersByTime(10_000);
    session.end();
    expect(takeReturnPath(PROVIDER.userId)).toBeNull();
    first.unmount();

    // Signed in again: the end cleared the stored logoff time with the rest.
    localStorage.setItem('autoLogoffSeconds', '120');
    localStorage.setItem('lastActivityAt', String(Date.now()));
    session.start('token', PROVIDER);
    renderWithRuntime(<IdleLogoff />, runtime, { path: reportPath });
    vi.advanceTimersByTime(61_000);
    await screen.findByRole('dialog', { name: 'Are you still there?' }, { timeout: 20_000 });
    // Another tab's logoff, or the server's answer to it, ends the session here before this
    // tab's own end.
    session.end();
    expect(takeReturnPath(PROVIDER.userId)).toBe(reportPath);
  });
});
