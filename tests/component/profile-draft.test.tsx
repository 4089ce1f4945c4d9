/**
 * A new provider's profile form keeps what she typed and did not submit (issue 24 "Nothing typed is
 * lost"; docs/security.md "Automatic logoff"; features/profile/profile-draft.ts): Dana Novak, brand
 * new, writes part of her biography and her licence number; the form opened again — a reload,
 * signing in after the automatic logoff — has them back, and a form typed back to where it
 * started keeps nothing.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { provider } from '../../fixtures';
import type { DoctorInfo } from '../../src/shared/api/account';
import { ProfileForm } from '../../src/app/features/profile/profile-form';
import { serveApi } from './fake-api';
import { createTestRuntime, renderWithRuntime, type TestRuntime } from './test-runtime';

const DANA = 100004;
const dana = provider('dana');
const INFO: DoctorInfo = {
  userId: DANA,
  email: dana.email,
  firstName: 'Dana',
  lastName: 'Novak',
  name: 'Dana Novak',
  title: null,
  phone: null,
  avatar: null,
  language: 'en',
  timezone: 'Europe/London',
  country: null,
  auditStatus: null,
  chatId: 100040,
  createdAt: '2026-11-20T09:00:00Z',
  emailVerified: true,
};

let runtime: TestRuntime;

beforeEach(async () => {
  serveApi({
    'GET /user/user/getDoctorCategoryList': () => [],
    'GET /misc/lang/list': () => [],
    'GET /consultation/doctor/getConsultationCountry': () => [],
  });
  runtime = createTestRuntime();
  runtime.root.session.start('token-of-dana', INFO);
  await runtime.root.drafts.open(DANA);
});

afterEach(() => vi.unstubAllGlobals());

function openForm() {
  const view = renderWithRuntime(<ProfileForm info={null} />, runtime, { path: '/profile/certification' });
  return {
    ...view,
    biography: () => screen.getByLabelText('Biography') as HTMLTextAreaElement,
    licence: () => screen.getByLabelText('Licence number') as HTMLInputElement,
  };
}

const BIOGRAPHY = 'Midwife for twelve years, now helping couples read their cycles before';

it('brings back what she typed and did not submit when the form opens again', async () => {
  const first = openForm();
  await waitFor(() => expect(first.biography().value).toBe(''));
  fireEvent.change(first.biography(), { target: { value: BIOGRAPHY } });
  fireEvent.change(first.licence(), { target: { value: 'NMC 12A3456' } });
  first.unmount();

  const again = openForm();
  await waitFor(() => expect(again.biography().value).toBe(BIOGRAPHY));
  expect(again.licence().value).toBe('NMC 12A3456');
});

it('keeps nothing when she types the form back to where it started', async () => {
  const first = openForm();
  await waitFor(() => expect(first.biography().value).toBe(''));
  fireEvent.change(first.biography(), { target: { value: BIOGRAPHY } });
  await waitFor(() => expect(runtime.root.drafts.state.items.profile).toBeDefined());
  fireEvent.change(first.biography(), { target: { value: '' } });
  await waitFor(() => expect(runtime.root.drafts.state.items.profile).toBeUndefined());
});
