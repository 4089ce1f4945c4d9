import { useForm, type Resolver } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { usePortalRoot, useToasts } from '../../root';
import type { SecondStep } from '../../../shared/api/account';
import type { SignInValues } from './form-schemas';

/** The rules and the sending side (sign-in.ts), fetched when the form is first focused or submitted. */
const loadSignIn = () => import('./sign-in');

export function SignInForm({
  onSignedIn,
  onSecondStep,
  onForgot,
}: {
  onSignedIn(agreementDue: boolean): void;
  /** The password was right and a second factor is due (docs/security.md "Second factor"). */
  onSecondStep(step: SecondStep): void;
  onForgot(): void;
}) {
  const toasts = useToasts();
  const root = usePortalRoot();
  const { t } = useTranslation('auth');
  const resolver: Resolver<SignInValues> = async (...args) => {
    try {
      return await (await loadSignIn()).signInResolver(...args);
    } catch {
      toasts.show(t('common:errors.network'));
      return { values: {}, errors: { root: { type: 'network' } } };
    }
  };
  const { register, handleSubmit, setError, formState } = useForm<SignInValues>({ resolver });
  const submit = handleSubmit(async (values) => {
    // With the root's API client, loaded the same way (root.api()).
    const [sending, api] = await Promise.all([loadSignIn(), root.api()]);
    try {
      const outcome = await sending.signIn(root.session, api, values);
      if (outcome.secondStep) onSecondStep(outcome.secondStep);
      else onSignedIn(outcome.agreementDue);
    } catch (error) {
      sending.applyServerFieldErrors(error, setError, ['email', 'password']);
    }
  });
  const message = (key?: string) => (key ? t(key, { defaultValue: key }) : undefined);
  return (
    <form
      onSubmit={submit}
      onFocus={() => void Promise.all([loadSignIn(), root.api()]).catch(() => undefined)}
      noValidate
      className="flex flex-col gap-4"
      aria-label={t('signIn.title')}
    >
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
