/**
 * Proving a factor she has (docs/security.md "Second factor"): one of her passkeys, a code from
 * her app, or a recovery code, with the switch between her factor and a recovery code. The
 * sign-in's second step and the proof before a change to her factors both ask through it; each
 * brings its own passkey challenge and its own check.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecondFactorProof } from '../../../shared/api/second-factor';
import { Button } from '../../components/button';
import { CodeForm } from './code-form';
import { messageOf } from './errors';
import { answerWithPasskey } from './webauthn';

export interface FactorChoiceProps {
  /** What she can prove with. */
  methods: { passkey: boolean; totp: boolean; recovery: boolean };
  /** The label of the code forms' button. */
  submitLabel: string;
  /** The server's challenge for a passkey answer. */
  passkeyOptions(): Promise<unknown>;
  /** Checks the proof; what it throws is shown by the form that gave it (code-form.tsx). */
  onProof(proof: SecondFactorProof): Promise<void>;
}

export function FactorChoice({ methods, submitLabel, passkeyOptions, onProof }: FactorChoiceProps) {
  const { t } = useTranslation('auth');
  const factor = methods.passkey || methods.totp;
  const [recovery, setRecovery] = useState(!factor);
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const withPasskey = async () => {
    setBusy(true);
    setPasskeyError(null);
    try {
      await onProof({ method: 'passkey', credential: await answerWithPasskey(await passkeyOptions()) });
    } catch (error) {
      setPasskeyError(messageOf(error, t, 'passkey'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      {methods.passkey && !recovery && (
        <div className="flex flex-col gap-2">
          <Button onClick={() => void withPasskey()} busy={busy}>
            {t('secondFactor.usePasskey')}
          </Button>
          {passkeyError && (
            <p role="alert" className="text-sm text-red-700">
              {passkeyError}
            </p>
          )}
        </div>
      )}
      {methods.totp && !recovery && (
        <CodeForm
          kind="totp"
          name={t('secondFactor.appForm')}
          submitLabel={submitLabel}
          onCode={(code) => onProof({ method: 'totp', code })}
        />
      )}
      {recovery && (
        <CodeForm
          kind="recovery"
          name={t('secondFactor.recoveryForm')}
          submitLabel={submitLabel}
          onCode={(code) => onProof({ method: 'recovery', code })}
        />
      )}
      {methods.recovery && factor && (
        <button
          type="button"
          onClick={() => setRecovery(!recovery)}
          className="self-start text-sm text-brand hover:underline"
        >
          {recovery ? t('secondFactor.useFactor') : t('secondFactor.useRecovery')}
        </button>
      )}
    </>
  );
}
