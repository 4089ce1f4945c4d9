/** Forgotten password: ask for a code by email, then set a new password with it. */
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { accountCalls } from '../../api/domain-calls/account';
import { Dialog } from '../../components/dialog';
import { fieldMessage } from '../../components/form-zod';
import { TextField } from '../../components/text-field';
import { usePortalRoot, useToasts } from '../../root';
import { forgotEmailSchema, forgotResetSchema } from './form-schemas';
import { applyServerFieldErrors, refusesFields } from '../../components/server-field-errors';

const EMAIL_FIELDS = ['email'];
const RESET_FIELDS = ['code', 'password'];

export function ForgotPasswordDialog({ onClose }: { onClose(): void }) {
  const root = usePortalRoot();
  const toasts = useToasts();
  const { t } = useTranslation('auth');
  const [email, setEmail] = useState<string | null>(null);
  const emailForm = useForm<z.infer<typeof forgotEmailSchema>>({ resolver: zodResolver(forgotEmailSchema) });
  const resetForm = useForm<z.infer<typeof forgotResetSchema>>({ resolver: zodResolver(forgotResetSchema) });
  const message = (key?: string) => fieldMessage(t, key);

  const sendCode = emailForm.handleSubmit(async (values) => {
    try {
      // A refused field is said at the field alone (applyServerFieldErrors), not again as a toast.
      await accountCalls(await root.api()).forgetPassword(
        { email: values.email },
        { quiet: refusesFields(EMAIL_FIELDS) },
      );
      setEmail(values.email);
    } catch (error) {
      applyServerFieldErrors(error, emailForm.setError, EMAIL_FIELDS);
    }
  });
  const reset = resetForm.handleSubmit(async (values) => {
    try {
      await accountCalls(await root.api()).forgetPassword(
        { email: email!, code: values.code, password: values.password },
        { quiet: refusesFields(RESET_FIELDS) },
      );
      toasts.show(t('forgot.done'), 'success');
      onClose();
    } catch (error) {
      applyServerFieldErrors(error, resetForm.setError, RESET_FIELDS);
    }
  });

  return email === null ? (
    <Dialog
      open
      title={t('forgot.title')}
      onCancel={onClose}
      onDone={() => void sendCode()}
      doneLabel={t('forgot.sendCode')}
      busy={emailForm.formState.isSubmitting}
    >
      <form onSubmit={sendCode} noValidate className="flex flex-col gap-3">
        <p>{t('forgot.intro')}</p>
        <TextField
          label={t('signIn.email')}
          type="email"
          autoComplete="username"
          error={message(emailForm.formState.errors.email?.message)}
          {...emailForm.register('email')}
        />
      </form>
    </Dialog>
  ) : (
    <Dialog
      open
      title={t('forgot.title')}
      onCancel={onClose}
      onDone={() => void reset()}
      doneLabel={t('forgot.confirm')}
      busy={resetForm.formState.isSubmitting}
    >
      <form onSubmit={reset} noValidate className="flex flex-col gap-3">
        <p role="status">{t('forgot.codeSent')}</p>
        <TextField
          label={t('forgot.code')}
          inputMode="numeric"
          autoComplete="one-time-code"
          error={message(resetForm.formState.errors.code?.message)}
          {...resetForm.register('code')}
        />
        <TextField
          label={t('forgot.newPassword')}
          type="password"
          autoComplete="new-password"
          error={message(resetForm.formState.errors.password?.message)}
          {...resetForm.register('password')}
        />
        <TextField
          label={t('signUp.confirmPassword')}
          type="password"
          autoComplete="new-password"
          error={message(resetForm.formState.errors.confirmPassword?.message)}
          {...resetForm.register('confirmPassword')}
        />
      </form>
    </Dialog>
  );
}
