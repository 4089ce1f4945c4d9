/**
 * A new provider's profile form keeps what she typed and did not submit (issue 24 "Nothing typed is
 * lost"; docs/security.md "Automatic logoff"; features/profile/profile-draft.ts): Dana Novak, brand
 * new, writes part of her biography and her licence number; the form opened again — a reload,
 * signing in after the automatic logoff — has them back, and a form typed back to where it
 * started keeps nothing. Her licence country starts as her country (US) though the list of
 * countries comes after the form's first render.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { ProfileForm } from '../../src/app/features/profile/profile-form';
import { doctorInfo } from './doctor-info';
import { serveApi } from './fake-api';
import { createTestRuntime, renderWithRuntime, type TestRuntime } from './test-runtime';

const INFO = doctorInfo('dana');

let runtime: TestRuntime;

beforeEach(async () => {
  serveApi({
    'GET /user/user/getDoctorCategoryList': () => [],
    'GET /misc/lang/list': () => [],
    // Later than the form's first render, as on a slow connection.
    'GET /consultation/doctor/getConsultationCountry': async () => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      return [
        { code: 'GB', name: 'United Kingdom' },
        { code: 'US', name: 'United States' },
      ];
    },
  });
  runtime = createTestRuntime();
  runtime.root.session.start('token-of-dana', INFO);
  await runtime.root.drafts.open(INFO.userId);
});

afterEach(() => vi.unstubAllGlobals());

function openForm() {
  const view = renderWithRuntime(<ProfileForm info={null} />, runtime, { path: '/profile/certification' });
  return {
    ...view,
    biography: () => screen.getByLabelText('Biography') as HTMLTextAreaElement,
    licence: () => screen.getByLabelText('Licence number') as HTMLInputElement,
    licenceCountry: () => screen.getByLabelText('Issuing country') as HTMLSelectElement,
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

it('starts her licence country as her country, whenever the countries come', async () => {
  const form = openForm();
  await waitFor(() => expect(form.licenceCountry().value).toBe('US'));
});

it('keeps nothing when she types the form back to where it started', async () => {
  const first = openForm();
  await waitFor(() => expect(first.biography().value).toBe(''));
  fireEvent.change(first.biography(), { target: { value: BIOGRAPHY } });
  await waitFor(() => expect(runtime.root.drafts.state.items.profile).toBeDefined());
  fireEvent.change(first.biography(), { target: { value: '' } });
  await waitFor(() => expect(runtime.root.drafts.state.items.profile).toBeUndefined());
});

it('names the countries and consultation languages in her language', async () => {
  serveApi({
    'GET /user/user/getDoctorCategoryList': () => [],
    'GET /misc/lang/list': () => [{ code: 'es', name: 'Spanish', nativeName: 'Español' }],
    'GET /consultation/doctor/getConsultationCountry': () => [
      { code: 'GB', name: 'United Kingdom' },
      { code: 'US', name: 'United States' },
    ],
  });
  await i18next.changeLanguage('fr');
  try {
    renderWithRuntime(<ProfileForm info={null} />, runtime, { path: '/profile/certification' });
    expect(await screen.findByRole('checkbox', { name: 'Royaume-Uni' })).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'Español (espagnol)' })).toBeTruthy();
    expect(screen.queryByText('United Kingdom')).toBeNull();
  } finally {
    await i18next.changeLanguage('en');
  }
});
