/**
 * Dr. Amelia Hart's contact details in Settings keep what she typed and did not save (issue 24
 * "Nothing typed is lost"; docs/security.md "Automatic logoff"; features/account/
 * contact-details-form.tsx): the form opened again — a reload, signing in after the automatic
 * logoff — shows her unsaved phone number; saving it, or typing it back as it was, ends the draft.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ContactDetailsForm } from '../../src/app/features/account/contact-details-form';
import { doctorInfo } from './doctor-info';
import { serveApi } from './fake-api';
import { createTestRuntime, renderWithRuntime, type TestRuntime } from './test-runtime';

const INFO = doctorInfo('amelia', { phone: '+44 20 7946 0001' });

let runtime: TestRuntime;

beforeEach(async () => {
  runtime = createTestRuntime();
  runtime.root.session.start('token-of-amelia', INFO);
  await runtime.root.drafts.open(INFO.userId);
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
