/**
 * One code of a second factor: six digits from the authenticator app, or a recovery code. The
 * form shows why a code was refused and how many tries the sign-in has left.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { messageOf, triesLeftOf } from './errors';

const APP_CODE = /^\d{6}$/;
const RECOVERY_CODE = /^[0-9A-Za-z -]{16,40}$/;

export function CodeForm({
  kind,
  name,
  submitLabel,
  onCode,
}: {
  kind: 'totp' | 'recovery';
  /** The form's accessible name. */
  name: string;
  submitLabel: string;
  /** Sends the code; a failure it throws is shown here. */
  onCode(code: string): Promise<void>;
}) {
  const { t } = useTranslation('auth');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = code.trim();
    if (!(kind === 'totp' ? APP_CODE : RECOVERY_CODE).test(value)) {
      setError(t(kind === 'totp' ? 'validation.code' : 'secondFactor.recoveryFormat'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await onCode(value);
      setCode('');
    } catch (caught) {
      const left = triesLeftOf(caught);
      const message = messageOf(caught, t, kind);
      setError(left === null ? message : `${message} ${t('secondFactor.triesLeft', { count: left })}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={name} className="flex flex-col gap-3">
      <TextField
        label={kind === 'totp' ? t('secondFactor.appCode') : t('secondFactor.recoveryCode')}
        hint={kind === 'totp' ? t('secondFactor.appCodeHint') : t('secondFactor.recoveryHint')}
        inputMode={kind === 'totp' ? 'numeric' : 'text'}
        autoComplete="one-time-code"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={kind === 'totp' ? 6 : 40}
        value={code}
        onChange={(e) => {
          setCode(kind === 'totp' ? e.target.value.replace(/\D/g, '') : e.target.value);
          setError(null);
        }}
        error={error ?? undefined}
      />
      <div>
        <Button type="submit" busy={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
