import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SecondStep } from '../../../shared/api/account';
import type { Language } from '../../../shared/constants';
import { accountCalls } from '../../api/api-client';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { signUpSchema, type SignUpValues } from './form-schemas';
import { afterSignIn } from './post-sign-in';
import { applyServerFieldErrors } from '../../components/server-field-errors';

export function SignUpForm({
  onSignedUp,
  onSecondStep,
}: {
  onSignedUp(agreementDue: boolean): void;
  /** A second factor is required here: she sets one up first (docs/security.md "Second factor"). */
  onSecondStep(step: SecondStep): void;
}) {
  const { t, i18n } = useTranslation('auth');
  const { register, handleSubmit, setError, formState } = useForm<SignUpValues>({
    resolver: zodResolver(signUpSchema),
  });
  const submit = handleSubmit(async ({ confirmPassword: _confirm, ...values }) => {
    try {
      const result = await accountCalls.signUp({ ...values, language: i18n.language as Language });
      if ('secondStep' in result) {
        onSecondStep(result.secondStep);
        return;
      }
      const { agreementDue } = await afterSignIn(result.token, result.userInfo, result.autoLogoffSeconds);
      onSignedUp(agreementDue);
    } catch (error) {
      applyServerFieldErrors(error, setError, ['email', 'password', 'firstName', 'lastName']);
    }
  });
  const message = (key?: string) => (key ? t(key, { defaultValue: key }) : undefined);
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-4" aria-label={t('signUp.title')}>
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <TextField
          label={t('signUp.firstName')}
          autoComplete="given-name"
          error={message(formState.errors.firstName?.message)}
          {...register('firstName')}
        />
        <TextField
          label={t('signUp.lastName')}
          autoComplete="family-name"
          error={message(formState.errors.lastName?.message)}
          {...register('lastName')}
        />
      </div>
      <TextField
        label={t('signUp.email')}
        type="email"
        autoComplete="email"
        error={message(formState.errors.email?.message)}
        {...register('email')}
      />
      <TextField
        label={t('signUp.password')}
        type="password"
        autoComplete="new-password"
        hint={t('signUp.passwordHint')}
        error={message(formState.errors.password?.message)}
        {...register('password')}
      />
      <TextField
        label={t('signUp.confirmPassword')}
        type="password"
        autoComplete="new-password"
        error={message(formState.errors.confirmPassword?.message)}
        {...register('confirmPassword')}
      />
      <Button type="submit" busy={formState.isSubmitting}>
        {t('signUp.submit')}
      </Button>
    </form>
  );
}
