/** Change the password in Settings (modify password, spec §7). */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { accountCalls } from '../../api/domain-calls/account';
import { Button } from '../../components/button';
import { fieldMessage } from '../../components/form-zod';
import { TextField } from '../../components/text-field';
import { usePortalApi, useToasts } from '../../root';
import { changePasswordSchema, type ChangePasswordValues } from './form-schemas';
import { applyServerFieldErrors, refusesFields } from '../../components/server-field-errors';

const FIELDS = ['oldPassword', 'password'];

export function ChangePasswordForm() {
  const account = accountCalls(usePortalApi());
  const toasts = useToasts();
  const { t } = useTranslation(['settings', 'auth']);
  const { register, handleSubmit, setError, reset, formState } = useForm<ChangePasswordValues>({
    resolver: zodResolver(changePasswordSchema),
  });
  const message = (key?: string) => fieldMessage(t, key, 'auth');
  const submit = handleSubmit(async (values) => {
    try {
      await account.modifyPassword(
        { oldPassword: values.oldPassword, password: values.password },
        { quiet: refusesFields(FIELDS) },
      );
      reset();
      toasts.show(t('settings:password.changed'), 'success');
    } catch (error) {
      applyServerFieldErrors(error, setError, FIELDS);
    }
  });
  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex max-w-md flex-col gap-4"
      aria-label={t('settings:password.title')}
    >
      <TextField
        label={t('settings:password.old')}
        type="password"
        autoComplete="current-password"
        error={message(formState.errors.oldPassword?.message)}
        {...register('oldPassword')}
      />
      <TextField
        label={t('settings:password.new')}
        type="password"
        autoComplete="new-password"
        hint={t('auth:signUp.passwordHint')}
        error={message(formState.errors.password?.message)}
        {...register('password')}
      />
      <TextField
        label={t('settings:password.confirm')}
        type="password"
        autoComplete="new-password"
        error={message(formState.errors.confirmPassword?.message)}
        {...register('confirmPassword')}
      />
      <div>
        <Button type="submit" busy={formState.isSubmitting}>
          {t('settings:password.submit')}
        </Button>
      </div>
    </form>
  );
}
