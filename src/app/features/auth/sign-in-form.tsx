/**
 * The sign-in form (spec §2 Login). Two fields need no form library: the login route's first load
 * carries none (docs/performance.md "Route budgets"); the rules and the sending side come when the
 * form is first focused or submitted, and the form checks as the others do — on submit, then a
 * field again as it changes, the first field in error focused.
 */
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { fieldMessage } from '../../components/field-message';
import { TextField } from '../../components/text-field';
import { usePortalRoot, useToasts } from '../../root';
import type { SecondStep } from '../../../shared/api/account';
import type { SignInValues } from './form-schemas';
import type { SignInErrors } from './sign-in';

/** The rules and the sending side (sign-in.ts), fetched when the form is first focused or submitted. */
const loadSignIn = () => import('./sign-in');

const FIELDS = ['email', 'password'] as const;

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
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<SignInErrors>({});
  const [busy, setBusy] = useState(false);
  const [submitted, setSubmitted] = useState(false);

  const values = (): SignInValues => {
    const data = new FormData(form.current ?? undefined);
    return { email: String(data.get('email') ?? ''), password: String(data.get('password') ?? '') };
  };
  // The rules and the sending side, with the root's API client loaded the same way (root.api());
  // offline, a toast says so and the form stays as it is.
  const parts = async () => {
    try {
      return await Promise.all([loadSignIn(), root.api()]);
    } catch {
      toasts.show(t('common:errors.network'));
      return null;
    }
  };
  const showErrors = (found: SignInErrors) => {
    setErrors(found);
    const first = FIELDS.find((field) => found[field]);
    const input = first ? form.current?.elements.namedItem(first) : null;
    if (input instanceof HTMLInputElement) input.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setSubmitted(true);
    setBusy(true);
    try {
      const loaded = await parts();
      if (!loaded) return;
      const [sending, api] = loaded;
      const checked = sending.checkSignIn(values());
      if ('errors' in checked) {
        showErrors(checked.errors);
        return;
      }
      setErrors({});
      try {
        const outcome = await sending.signIn(root.session, api, checked.values);
        if (outcome.secondStep) onSecondStep(outcome.secondStep);
        else onSignedIn(outcome.agreementDue);
      } catch (error) {
        showErrors(sending.serverFieldMessages(error, FIELDS));
      }
    } finally {
      setBusy(false);
    }
  };
  // After the first submit a field is checked again as it changes; its error alone is updated.
  const recheck = async (field: (typeof FIELDS)[number]) => {
    if (!submitted) return;
    // Only the rules; offline the errors stay as they are, without a toast at every keystroke.
    const sending = await loadSignIn().catch(() => null);
    if (!sending) return;
    const checked = sending.checkSignIn(values());
    const message = 'errors' in checked ? checked.errors[field] : undefined;
    setErrors((current) => ({ ...current, [field]: message }));
  };
  const message = (key?: string) => fieldMessage(t, key);
  return (
    <form
      ref={form}
      onSubmit={(event) => void submit(event)}
      onFocus={() => void Promise.all([loadSignIn(), root.api()]).catch(() => undefined)}
      noValidate
      className="flex flex-col gap-4"
      aria-label={t('signIn.title')}
    >
      <TextField
        label={t('signIn.email')}
        name="email"
        type="email"
        autoComplete="username"
        error={message(errors.email)}
        onChange={() => void recheck('email')}
      />
      <TextField
        label={t('signIn.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        error={message(errors.password)}
        onChange={() => void recheck('password')}
      />
      <div className="flex justify-end">
        <button type="button" onClick={onForgot} className="text-sm text-brand hover:underline">
          {t('signIn.forgot')}
        </button>
      </div>
      <Button type="submit" busy={busy}>
        {t('signIn.submit')}
      </Button>
    </form>
  );
}
