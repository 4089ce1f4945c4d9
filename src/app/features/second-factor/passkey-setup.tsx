/**
 * Adding a passkey: the server's options, the browser's `navigator.credentials.create()` and the
 * new passkey sent back under a name the provider chooses. In Settings on the session; in a
 * sign-in that must enrol, on the step's token.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { EnrolResult } from '../../../shared/api/second-factor';
import { secondFactorCalls } from '../../api/domain-calls/second-factor';
import { Button } from '../../components/button';
import { TextField } from '../../components/text-field';
import { messageOf, stepIsOver } from './errors';
import { createPasskey } from './webauthn';
import { usePortalApi } from '../../root';

export function PasskeySetup({
  stepToken,
  onEnrolled,
  onStepOver,
}: {
  stepToken?: string;
  onEnrolled(result: EnrolResult): void;
  onStepOver?(): void;
}) {
  const calls = secondFactorCalls(usePortalApi());
  const { t } = useTranslation('auth');
  const [name, setName] = useState(() => t('secondFactor.passkeyNameDefault'));
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const add = async (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      setError(t('validation.required'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const options = await calls.passkeyRegistrationOptions({ stepToken, quiet: true });
      const credential = await createPasskey(options);
      onEnrolled(await calls.addPasskey({ name: name.trim(), credential }, { stepToken, quiet: true }));
    } catch (caught) {
      if (stepIsOver(caught) && onStepOver) onStepOver();
      else setError(messageOf(caught, t, 'passkey'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={add} noValidate aria-label={t('secondFactor.addPasskey')} className="flex flex-col gap-3">
      <p className="text-sm text-slate-600">{t('secondFactor.passkeyIntro')}</p>
      <TextField
        label={t('secondFactor.passkeyName')}
        maxLength={60}
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          setError(null);
        }}
        error={error ?? undefined}
      />
      <div>
        <Button type="submit" busy={busy}>
          {t('secondFactor.addPasskey')}
        </Button>
      </div>
    </form>
  );
}
