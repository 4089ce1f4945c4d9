/**
 * A password change the server refuses at a field (spec §8 VALIDATION_ERROR with `data.fields`):
 * Dr. Amelia Hart reads it once, at the field, not again as a toast; a failure that names no field
 * of the form is still told by the portal's policy (src/app/api/api-client.ts).
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChangePasswordForm } from '../../src/app/features/auth/change-password-form';
import { Refusal, serveApi } from './fake-api';
import { renderWithRuntime } from './test-runtime';

const MODIFY = 'POST /user/user/sign/modify/doctor/password';

afterEach(() => vi.unstubAllGlobals());

async function submitWith(refusal: Refusal) {
  serveApi({ [MODIFY]: () => refusal });
  const { runtime } = renderWithRuntime(<ChangePasswordForm />);
  fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'Amelia-wrong-2026' } });
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'Amelia-next-2026' } });
  fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: 'Amelia-next-2026' } });
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
  return runtime.root.toasts.state;
}

describe('a refused password change', () => {
  it('says a refused field at the field only', async () => {
    const toasts = await submitWith(
      new Refusal(400, 'VALIDATION_ERROR', 'oldPassword: The current password is incorrect', {
        fields: [
          {
            field: 'oldPassword',
            message: 'The current password is incorrect',
            rule: 'wrong_current_password',
          },
        ],
      }),
    );
    await screen.findByText('The current password is incorrect');
    expect(toasts.items).toEqual([]);
  });

  it('tells any other failure as the portal does', async () => {
    const toasts = await submitWith(new Refusal(503, 'UNAVAILABLE', 'The service is unavailable.'));
    await waitFor(() => expect(toasts.items.map((t) => t.text)).toEqual(['The service is unavailable.']));
  });
});
