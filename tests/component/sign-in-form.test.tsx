/**
 * The sign-in form (spec §2 Login; features/auth/sign-in-form.tsx), which checks its two fields
 * without a form library: on submit, then each field again as it changes, the first field in
 * error focused, and the server's field errors shown on their fields. Dr. Amelia Hart signs in.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, expect, it, vi } from 'vitest';
import { provider } from '../../fixtures';
import { SignInForm } from '../../src/app/features/auth/sign-in-form';
import { PortalRootContext } from '../../src/app/root';
import { testPortalRoot } from './test-runtime';

afterEach(() => vi.unstubAllGlobals());

/** Every request the form makes, answered with the server's refusal of the address. */
function refuseAddress(): string[] {
  const requests: string[] = [];
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(String(input), init);
    requests.push(`${request.method} ${new URL(request.url).pathname} ${await request.text()}`);
    const fields = [{ field: 'email', message: 'No provider account uses this address' }];
    return new Response(
      JSON.stringify({ code: 'VALIDATION_ERROR', message: 'Invalid input', data: { fields } }),
      {
        status: 400,
        headers: { 'content-type': 'application/json' },
      },
    );
  });
  return requests;
}

function renderForm() {
  const signedIn = vi.fn();
  render(
    <PortalRootContext.Provider value={testPortalRoot()}>
      <SignInForm onSignedIn={signedIn} onSecondStep={vi.fn()} onForgot={vi.fn()} />
    </PortalRootContext.Provider>,
  );
  return {
    signedIn,
    email: screen.getByLabelText('Email'),
    password: screen.getByLabelText('Password'),
    submit: () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' })),
  };
}

it('refuses empty fields on submit without asking the server, focusing the first', async () => {
  const requests = refuseAddress();
  const form = renderForm();
  form.submit();
  await waitFor(() => expect(screen.getAllByText('Required')).toHaveLength(2));
  expect(document.activeElement).toBe(form.email);
  expect(form.email.getAttribute('aria-invalid')).toBe('true');
  expect(requests).toEqual([]);
});

it('checks a field again as it changes once submitted, and only that field', async () => {
  refuseAddress();
  const form = renderForm();
  fireEvent.change(form.email, { target: { value: 'amelia.hart' } });
  // Before the first submit nothing is checked.
  expect(screen.queryByText('Enter a valid email address')).toBeNull();
  form.submit();
  await screen.findByText('Enter a valid email address');
  screen.getByText('Required');
  expect(document.activeElement).toBe(form.email);

  fireEvent.change(form.email, { target: { value: `  ${provider('amelia').email}` } });
  await waitFor(() => expect(screen.queryByText('Enter a valid email address')).toBeNull());
  // The password's error stays until the password changes.
  screen.getByText('Required');
  fireEvent.change(form.password, { target: { value: provider('amelia').password } });
  await waitFor(() => expect(screen.queryByText('Required')).toBeNull());
});

it("sends the trimmed address and shows the server's refusal on its field", async () => {
  const requests = refuseAddress();
  const form = renderForm();
  const amelia = provider('amelia');
  fireEvent.change(form.email, { target: { value: ` ${amelia.email} ` } });
  fireEvent.change(form.password, { target: { value: amelia.password } });
  form.submit();
  await screen.findByText('No provider account uses this address');
  expect(document.activeElement).toBe(form.email);
  expect(requests).toHaveLength(1);
  expect(requests[0]).toContain('POST /api/user/user/sign/in/doctor');
  expect(requests[0]).toContain(`email=${encodeURIComponent(amelia.email)}&`);
  expect(form.signedIn).not.toHaveBeenCalled();
  // The button is usable again.
  expect(screen.getByRole('button', { name: 'Sign in' }).hasAttribute('disabled')).toBe(false);
});
