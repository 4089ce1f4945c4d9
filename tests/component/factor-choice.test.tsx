/**
 * Proving a second factor (docs/security.md "Second factor"; features/second-factor/factor-choice.tsx),
 * as Dr. Amelia Hart's sign-in step and her proof before a change both ask it: the app's code by
 * default, a switch to a recovery code and back, a recovery code alone when she has nothing else,
 * and a passkey that cannot be used says why.
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { expect, it, vi } from 'vitest';
import type { SecondFactorProof } from '../../src/shared/api/second-factor';
import { FactorChoice, type FactorChoiceProps } from '../../src/app/features/second-factor/factor-choice';

function renderChoice(methods: FactorChoiceProps['methods']) {
  const proofs: SecondFactorProof[] = [];
  const passkeyOptions = vi.fn(async () => ({ rpId: window.location.hostname, challenge: 'AAAA' }));
  render(
    <FactorChoice
      methods={methods}
      submitLabel="Verify"
      passkeyOptions={passkeyOptions}
      onProof={async (proof) => {
        proofs.push(proof);
      }}
    />,
  );
  return { proofs, passkeyOptions };
}

function submitCode(form: string, code: string) {
  fireEvent.change(screen.getByRole('form', { name: form }).querySelector('input')!, {
    target: { value: code },
  });
  fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
}

it('asks for the app’s code first, and switches to a recovery code and back', async () => {
  const { proofs } = renderChoice({ passkey: false, totp: true, recovery: true });
  expect(screen.getByRole('form', { name: 'Authenticator app code' })).toBeTruthy();
  expect(screen.queryByRole('form', { name: 'Recovery code' })).toBeNull();
  submitCode('Authenticator app code', '123456');
  await waitFor(() => expect(proofs).toEqual([{ method: 'totp', code: '123456' }]));

  fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
  expect(screen.queryByRole('form', { name: 'Authenticator app code' })).toBeNull();
  submitCode('Recovery code', 'ABCD-EFGH-JKLM-NPQR');
  await waitFor(() => expect(proofs.at(-1)).toEqual({ method: 'recovery', code: 'ABCD-EFGH-JKLM-NPQR' }));

  fireEvent.click(screen.getByRole('button', { name: 'Use your passkey or app instead' }));
  expect(screen.getByRole('form', { name: 'Authenticator app code' })).toBeTruthy();
});

it('offers a recovery code alone, with no switch, when she has no other factor', () => {
  renderChoice({ passkey: false, totp: false, recovery: true });
  expect(screen.getByRole('form', { name: 'Recovery code' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: /instead$/ })).toBeNull();
});

it('offers no recovery code when she has none left', () => {
  renderChoice({ passkey: true, totp: true, recovery: false });
  expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeTruthy();
  expect(screen.queryByRole('button', { name: 'Use a recovery code instead' })).toBeNull();
});

it('says why a passkey could not answer, and sends no proof', async () => {
  const { proofs, passkeyOptions } = renderChoice({ passkey: true, totp: false, recovery: true });
  fireEvent.click(screen.getByRole('button', { name: 'Use a passkey' }));
  await waitFor(() =>
    expect(screen.getByRole('alert').textContent).toBe('This browser cannot use passkeys here.'),
  );
  expect(passkeyOptions).toHaveBeenCalledTimes(1);
  expect(proofs).toEqual([]);
});
