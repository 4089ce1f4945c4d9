/**
 * Signing out on purpose and deleting what is not saved (docs/security.md "Automatic logoff";
 * layouts/sign-out.tsx) leaves no page to return to: the next sign-in opens the dashboard, not the
 * page of the discarded draft that another tab of hers was on. That tab, idle long enough for the
 * logoff's warning, hears of the end (the server's answer to its next call) and records its page
 * as it would for the automatic logoff.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { IdleLogoff } from '../../src/app/layouts/idle-logoff';
import { SignOut } from '../../src/app/layouts/sign-out';
import { takeReturnPath } from '../../src/app/storage/return-path';
import type { DoctorInfo } from '../../src/shared/api/account';
import { serveApi } from './fake-api';
import { createTestRuntime, renderWithRuntime } from './test-runtime';

const PROVIDER = { userId: 41, chatId: 100010 } as DoctorInfo;
const PROFILE_PATH = '/Dashboard/account-setting?tab=providerProfile&isEdit=1';

beforeEach(() => {
  vi.useFakeTimers({
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
    shouldAdvanceTime: true,
  });
  localStorage.setItem('autoLogoffSeconds', '120');
  localStorage.setItem('lastActivityAt', String(Date.now()));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  localStorage.clear();
});

it("leaves no return path to a deleted draft's page after signing out on purpose", async () => {
  const api = serveApi({ 'POST /user/user/sign/out/doctor': () => null });
  // The tab with the profile form, left idle into the logoff's warning.
  const profileTab = createTestRuntime();
  profileTab.root.session.start('token', PROVIDER);
  renderWithRuntime(<IdleLogoff />, profileTab, { path: PROFILE_PATH });
  vi.advanceTimersByTime(61_000);
  await screen.findByRole('dialog', { name: 'Are you still there?' }, { timeout: 20_000 });

  // The Messages tab, where she signs out and deletes the profile draft.
  const messagesTab = createTestRuntime();
  const { session, drafts } = messagesTab.root;
  session.start('token', PROVIDER);
  await drafts.open(PROVIDER.userId);
  drafts.keep({ key: 'profile', kind: 'profile', path: PROFILE_PATH, about: null, value: {} });
  await drafts.flush();
  const view = renderWithRuntime(
    <SignOut trigger={(start) => <button onClick={start}>Sign out</button>} />,
    messagesTab,
    { path: '/message' },
  );
  fireEvent.click(within(view.container).getByRole('button', { name: 'Sign out' }));
  const question = await screen.findByRole('dialog', { name: 'Sign out and delete what is not saved?' });
  fireEvent.click(within(question).getByRole('button', { name: 'Sign out and delete' }));
  await waitFor(() => expect(api.requests).toContain('POST /user/user/sign/out/doctor'));
  expect(session.state.token).toBeNull();
  expect(await drafts.stored(PROVIDER.userId)).toEqual([]);

  // The profile tab learns that the session is over.
  profileTab.root.session.end();
  expect(takeReturnPath(PROVIDER.userId)).toBeNull();
});
