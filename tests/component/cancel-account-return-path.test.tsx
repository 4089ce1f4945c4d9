/**
 * Closing the account leaves on purpose, as signing out does (docs/security.md "Automatic logoff";
 * features/account/cancel-account-section.tsx): no page another tab of hers recorded, before or
 * after, is returned to at a next sign-in in this browser.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { CancelAccountSection } from '../../src/app/features/account/cancel-account-section';
import { rememberReturnPath, takeReturnPath } from '../../src/app/storage/return-path';
import { doctorInfo } from './doctor-info';
import { serveApi } from './fake-api';
import { createTestRuntime, renderWithRuntime } from './test-runtime';

const AMELIA = doctorInfo('amelia');

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

it('leaves no page to return to once she has closed her account', async () => {
  const api = serveApi({
    'GET /consultation/invite/doctor/having/consultation/counts': () => ({
      having: 0,
      upcoming: 0,
      inProgress: 0,
      completed: 3,
      cancelled: 0,
      total: 3,
    }),
    'POST /user/doctor/cancellation/account': () => null,
  });
  const runtime = createTestRuntime();
  runtime.root.session.start('token-of-amelia', AMELIA);
  // Another tab of hers, on a report, recorded its place earlier.
  rememberReturnPath(AMELIA.userId, '/reports/detail?reportId=8', {
    id: 'tab-1',
    visible: true,
    at: Date.now() - 1,
  });
  renderWithRuntime(<CancelAccountSection />, runtime, { path: '/settings' });

  const cancel = await screen.findByRole<HTMLButtonElement>('button', { name: 'Cancel my account' });
  // Enabled once her consultations are counted (none upcoming).
  await waitFor(() => expect(cancel.disabled).toBe(false));
  fireEvent.click(cancel);
  const confirm = await screen.findByRole('dialog', { name: 'Cancel your account?' });
  fireEvent.change(within(confirm).getByLabelText('Password'), { target: { value: 'Amelia-demo-2026' } });
  fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel account' }));
  await waitFor(() => expect(runtime.root.session.state.token).toBeNull());
  expect(api.requests).toContain('POST /user/doctor/cancellation/account');
  expect(takeReturnPath(AMELIA.userId)).toBeNull();
});
