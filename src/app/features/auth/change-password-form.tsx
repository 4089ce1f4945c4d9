/** Change the password in Settings (modify password, spec §7). */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { accountCalls } from '../../api/domain-calls/account';
import { ApiError } from '../../../rest';
import { Button } from '../../components/button';
import { fieldMessage } from '../../components/form-zod';
import { TextField } from '../../components/text-field';
import { usePortalApi, useToasts } from '../../root';
import { changePasswordSchema, type ChangePasswordValues } from './form-schemas';
import { applyServerFieldErrors } from '../../components/server-field-errors';

export function ChangePasswordForm() {
  const api = usePortalApi();
  const account = accountCalls(api);
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
        { quiet: true },
      );
      reset();
      toasts.show(t('settings:password.changed'), 'success');
    } catch (error) {
      // A refused field is said at the field alone, not again as a toast; any other failure by the
      // portal's policy (spec §8).
      if (
        applyServerFieldErrors(error, setError, ['oldPassword', 'password']) === 0 &&
        error instanceof ApiError
      )
        api.handleError(error);
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
