/**
 * Dr. Amelia Hart's contact details in Settings keep what she typed and did not save (issue 24
 * "Nothing typed is lost"; docs/security.md "Automatic logoff"; features/account/
 * contact-details-form.tsx): the form opened again — a reload, signing in after the automatic
 * logoff — shows her unsaved phone number; saving it, or typing it back as it was, ends the draft.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { provider } from '../../fixtures';
import type { DoctorInfo } from '../../src/shared/api/account';
import { ContactDetailsForm } from '../../src/app/features/account/contact-details-form';
import { serveApi } from './fake-api';
import { createTestRuntime, renderWithRuntime, type TestRuntime } from './test-runtime';

const AMELIA = 100001;
const amelia = provider('amelia');
const INFO: DoctorInfo = {
  userId: AMELIA,
  email: amelia.email,
  firstName: 'Amelia',
  lastName: 'Hart',
  name: 'Amelia Hart',
  title: 'Dr.',
  phone: '+44 20 7946 0001',
  avatar: null,
  language: 'en',
  timezone: 'Europe/London',
  country: 'GB',
  auditStatus: 'AUDIT_PASSED',
  chatId: 100010,
  createdAt: '2026-01-05T09:00:00Z',
  emailVerified: true,
};

let runtime: TestRuntime;

beforeEach(async () => {
  runtime = createTestRuntime();
  runtime.root.session.start('token-of-amelia', INFO);
  await runtime.root.drafts.open(AMELIA);
});

afterEach(() => vi.unstubAllGlobals());

function openForm(info = INFO) {
  const view = renderWithRuntime(<ContactDetailsForm info={info} onSaved={() => undefined} />, runtime, {
    path: '/settings',
  });
  return { ...view, phone: () => screen.getByLabelText('Phone') as HTMLInputElement };
}

it('brings back a phone number she typed and did not save when the form opens again', async () => {
  const first = openForm();
  await waitFor(() => expect(first.phone().value).toBe(INFO.phone));
  fireEvent.change(first.phone(), { target: { value: '+44 20 7946 0999' } });
  first.unmount();

  const again = openForm();
  await waitFor(() => expect(again.phone().value).toBe('+44 20 7946 0999'));
});

it('keeps nothing once she saved', async () => {
  const saved = { ...INFO, phone: '+44 20 7946 0999' };
  serveApi({ 'POST /user/user/doctor/updateDoctorInfo': () => saved });
  const first = openForm();
  fireEvent.change(first.phone(), { target: { value: '+44 20 7946 0999' } });
  fireEvent.click(screen.getByRole('button', { name: 'Save contact details' }));
  await screen.findByRole('status');
  first.unmount();
  // Changed since on another device: what the server has shows, no draft over it.
  const again = openForm({ ...INFO, phone: '+44 20 7946 0555' });
  await waitFor(() => expect(again.phone().value).toBe('+44 20 7946 0555'));
});

it('keeps nothing when she types her number back as it was', async () => {
  const first = openForm();
  await waitFor(() => expect(first.phone().value).toBe(INFO.phone));
  fireEvent.change(first.phone(), { target: { value: '+44 20 7946 0123' } });
  fireEvent.change(first.phone(), { target: { value: INFO.phone } });
  first.unmount();
  const again = openForm({ ...INFO, phone: '+44 20 7946 0555' });
  await waitFor(() => expect(again.phone().value).toBe('+44 20 7946 0555'));
});
