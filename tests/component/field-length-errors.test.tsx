/**
 * A text field's length is told in the provider's language (spec §2: /toSign and
 * /profile/certification): a first name of 200 characters at sign-up says how many are allowed, in
 * English and in French, and on the profile form a one-character professional title says it is
 * too short rather than missing, and a long first name how many are allowed. Dr. Dana Novak fills
 * both forms.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { SignUpForm } from '../../src/app/features/auth/sign-up-form';
import { ProfileForm } from '../../src/app/features/profile/profile-form';
import frAuth from '../../src/app/i18n/locales/fr/auth.json';
import { PortalRootContext } from '../../src/app/root';
import { doctorInfo } from './doctor-info';
import { serveApi } from './fake-api';
import { createTestRuntime, renderWithRuntime, testPortalRoot } from './test-runtime';

const LONG_NAME = 'D'.repeat(200);

beforeEach(() => {
  serveApi({
    'GET /user/user/getDoctorCategoryList': () => [],
    'GET /misc/lang/list': () => [],
    'GET /consultation/doctor/getConsultationCountry': () => [],
  });
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

function signUpWithFirstName(firstName: string, labels: { firstName: string; submit: string }) {
  render(
    <PortalRootContext.Provider value={testPortalRoot()}>
      <SignUpForm onCodeSent={vi.fn()} />
    </PortalRootContext.Provider>,
  );
  fireEvent.change(screen.getByLabelText(labels.firstName), { target: { value: firstName } });
  fireEvent.click(screen.getByRole('button', { name: labels.submit }));
}

it('tells her at sign-up that a first name has at most 80 characters', async () => {
  signUpWithFirstName(LONG_NAME, { firstName: 'First name', submit: 'Create account' });
  await screen.findByText('Use at most 80 characters');
  expect(screen.queryByText('Invalid input')).toBeNull();
});

it('tells her so in French', async () => {
  i18next.addResourceBundle('fr', 'auth', frAuth);
  await i18next.changeLanguage('fr');
  signUpWithFirstName(LONG_NAME, { firstName: frAuth.signUp.firstName, submit: frAuth.signUp.submit });
  await screen.findByText('Utilisez au plus 80 caractères');
  expect(screen.queryByText('Invalid input')).toBeNull();
});

it('says a one-character professional title is too short, not missing', async () => {
  const runtime = createTestRuntime();
  const info = doctorInfo('dana');
  runtime.root.session.start('token-of-dana', info);
  await runtime.root.drafts.open(info.userId);
  renderWithRuntime(<ProfileForm info={null} />, runtime, { path: '/profile/certification' });
  fireEvent.change(await screen.findByLabelText('Professional title'), { target: { value: 'M' } });
  fireEvent.change(screen.getByLabelText('First name'), { target: { value: LONG_NAME } });
  fireEvent.click(screen.getByRole('button', { name: 'Submit for review' }));
  await screen.findByText('Use at least 2 characters');
  screen.getByText('Use at most 80 characters');
  expect(screen.queryByText('Invalid input')).toBeNull();
});
