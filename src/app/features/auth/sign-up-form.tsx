/**
 * /toSign, first step (docs/security.md "Sign-up"): her details. The server mails a code to the
 * address and answers the same whether or not it is registered; the account is made by the code
 * (sign-up-code-form.tsx).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { SignUpStarted } from '../../../shared/api/account';
import type { Language } from '../../../shared/constants';
import { accountCalls } from '../../api/domain-calls/account';
import { Button } from '../../components/button';
import { fieldMessage } from '../../components/form-zod';
import { TextField } from '../../components/text-field';
import { signUpSchema, type SignUpValues } from './form-schemas';
import { applyServerFieldErrors, refusesFields } from '../../components/server-field-errors';

const FIELDS = ['email', 'password', 'firstName', 'lastName'];
import { usePortalRoot } from '../../root';

/** What the sign-up sends, kept to ask for a new code without typing it again. */
export type SignUpDetails = Omit<SignUpValues, 'confirmPassword'> & { language: Language };

export function SignUpForm({
  initial,
  onCodeSent,
}: {
  /** The details of an earlier try, when she went back to change them. */
  initial?: SignUpDetails;
  onCodeSent(started: SignUpStarted, details: SignUpDetails): void;
}) {
  const root = usePortalRoot();
  const { t, i18n } = useTranslation('auth');
  const { register, handleSubmit, setError, formState } = useForm<SignUpValues>({
    resolver: zodResolver(signUpSchema),
    defaultValues: initial && { ...initial, confirmPassword: initial.password },
  });
  const submit = handleSubmit(async ({ confirmPassword: _confirm, ...values }) => {
    const details = { ...values, language: i18n.language as Language };
    try {
      // A refused field is said at the field alone (applyServerFieldErrors), not again as a toast.
      onCodeSent(
        await accountCalls(await root.api()).signUp(details, { quiet: refusesFields(FIELDS) }),
        details,
      );
    } catch (error) {
      applyServerFieldErrors(error, setError, FIELDS);
    }
  });
  const message = (key?: string) => fieldMessage(t, key);
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
