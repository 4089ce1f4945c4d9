/**
 * A refusal of her input is told in her language (spec §1 languages, spec §8 VALIDATION_ERROR):
 * Dr. Amelia Hart, whose portal speaks German, changes her password. The server's English
 * message and the field name it starts with never reach her, at the field or in a toast.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChangePasswordForm } from '../../src/app/features/auth/change-password-form';
import deAuth from '../../src/app/i18n/locales/de/auth.json';
import deCommon from '../../src/app/i18n/locales/de/common.json';
import deSettings from '../../src/app/i18n/locales/de/settings.json';
import { Refusal, serveApi } from './fake-api';
import { renderWithRuntime } from './test-runtime';

const MODIFY = 'POST /user/user/sign/modify/doctor/password';

beforeEach(async () => {
  i18next.addResourceBundle('de', 'auth', deAuth);
  i18next.addResourceBundle('de', 'common', deCommon);
  i18next.addResourceBundle('de', 'settings', deSettings);
  await i18next.changeLanguage('de');
});

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18next.changeLanguage('en');
});

async function submitWith(refusal: Refusal) {
  serveApi({ [MODIFY]: () => refusal });
  const { runtime } = renderWithRuntime(<ChangePasswordForm />);
  const type = (label: string, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  type(deSettings.password.old, 'Amelia-wrong-2026');
  type(deSettings.password.new, 'Amelia-next-2026');
  type(deSettings.password.confirm, 'Amelia-next-2026');
  fireEvent.click(screen.getByRole('button', { name: deSettings.password.submit }));
  return runtime.root.toasts.state;
}

const refused = (message: string, fields: object[]) =>
  new Refusal(400, 'VALIDATION_ERROR', message, { fields });

describe('a refused password change in German', () => {
  it('says the wrong current password at the field in German', async () => {
    const toasts = await submitWith(
      refused('oldPassword: The current password is incorrect', [
        {
          field: 'oldPassword',
          message: 'The current password is incorrect',
          rule: 'wrong_current_password',
        },
      ]),
    );
    await screen.findByText(deCommon.refused.wrong_current_password);
    expect(screen.queryByText(/incorrect/)).toBeNull();
    expect(toasts.items).toEqual([]);
  });

  it('says a length rule with its number in German', async () => {
    await submitWith(
      refused('password: Use at most 128 characters', [
        { field: 'password', message: 'Use at most 128 characters', rule: 'too_long', limit: 128 },
      ]),
    );
    await screen.findByText(deCommon.refused.too_long.replace('{{limit}}', '128'));
    expect(screen.queryByText(/Use at most/)).toBeNull();
  });

  it('says a refusal it has no words for in German, not in the server’s English', async () => {
    await submitWith(
      refused('password: Use at least one letter and one digit', [
        { field: 'password', message: 'Use at least one letter and one digit' },
      ]),
    );
    await screen.findByText(deCommon.refused.value);
    expect(screen.queryByText(/letter and one digit/)).toBeNull();
  });

  it('tells a refused field the form does not show as a German toast without the field name', async () => {
    const toasts = await submitWith(
      refused('timezone: Unknown time zone header', [
        { field: 'timezone', message: 'Unknown time zone header' },
      ]),
    );
    await waitFor(() => expect(toasts.items).toHaveLength(1));
    const [toast] = toasts.items;
    expect(toast!.text).toBe(deCommon.refused.request);
    expect(toast!.text).not.toMatch(/timezone|Unknown/);
  });
});
