import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { accountCalls } from '../../api/api-client';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { signInSchema, type SignInValues } from './form-schemas';
import { afterSignIn } from './post-sign-in';
import { applyServerFieldErrors } from '../../components/server-field-errors';

export function SignInForm({
  onSignedIn,
  onForgot,
}: {
  onSignedIn(agreementDue: boolean): void;
  onForgot(): void;
}) {
  const { t } = useTranslation('auth');
  const { register, handleSubmit, setError, formState } = useForm<SignInValues>({
    resolver: zodResolver(signInSchema),
  });
  const submit = handleSubmit(async (values) => {
    try {
      const result = await accountCalls.signIn(values);
      const { agreementDue } = await afterSignIn(result.token, result.userInfo, result.autoLogoffSeconds);
      onSignedIn(agreementDue);
    } catch (error) {
      applyServerFieldErrors(error, setError, ['email', 'password']);
    }
  });
  const message = (key?: string) => (key ? t(key, { defaultValue: key }) : undefined);
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={t('signIn.title')}>
      <TextField
        label={t('signIn.email')}
        type="email"
        autoComplete="username"
        error={message(formState.errors.email?.message)}
        {...register('email')}
      />
      <TextField
        label={t('signIn.password')}
        type="password"
        autoComplete="current-password"
        error={message(formState.errors.password?.message)}
        {...register('password')}
      />
      <div className="flex justify-end">
        <button type="button" onClick={onForgot} className="text-sm text-brand hover:underline">
          {t('signIn.forgot')}
        </button>
      </div>
      <Button type="submit" busy={formState.isSubmitting}>
        {t('signIn.submit')}
      </Button>
    </form>
  );
}
