/**
 * A fresh proof of the second factor before a change to it (docs/security.md "Second factor"):
 * one of her passkeys, a code from her app, or a recovery code, checked by the server with the
 * change itself.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecondFactorProof, SecondFactors } from '../../../shared/api/second-factor';
import { secondFactorCalls } from '../../api/domain-calls/second-factor';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { CodeForm } from './code-form';
import { messageOf } from './errors';
import { answerWithPasskey } from './webauthn';
import { usePortalApi } from '../../root';

export function ProofDialog({
  title,
  intro,
  factors,
  onProof,
  onClose,
}: {
  title: string;
  intro: string;
  factors: SecondFactors;
  /** Makes the change with the proof; a failure it throws is shown here. */
  onProof(proof: SecondFactorProof): Promise<void>;
  onClose(): void;
}) {
  const calls = secondFactorCalls(usePortalApi());
  const { t } = useTranslation('auth');
  const hasPasskey = factors.passkeys.length > 0;
  const [recovery, setRecovery] = useState(!hasPasskey && !factors.totp);
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const withPasskey = async () => {
    setBusy(true);
    setPasskeyError(null);
    try {
      const options = await calls.proofPasskeyOptions({ quiet: true });
      await onProof({ method: 'passkey', credential: await answerWithPasskey(options) });
    } catch (error) {
      setPasskeyError(messageOf(error, t, 'passkey'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open title={title} onCancel={onClose}>
      <div className="flex flex-col gap-4">
        <p>{intro}</p>
        {hasPasskey && !recovery && (
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
        {factors.totp && !recovery && (
          <CodeForm
            kind="totp"
            name={t('secondFactor.appForm')}
            submitLabel={t('secondFactor.confirmProof')}
            onCode={(code) => onProof({ method: 'totp', code })}
          />
        )}
        {recovery && (
          <CodeForm
            kind="recovery"
            name={t('secondFactor.recoveryForm')}
            submitLabel={t('secondFactor.confirmProof')}
            onCode={(code) => onProof({ method: 'recovery', code })}
          />
        )}
        {factors.recoveryCodesLeft > 0 && (hasPasskey || factors.totp) && (
          <button
            type="button"
            onClick={() => setRecovery(!recovery)}
            className="self-start text-sm text-brand hover:underline"
          >
            {recovery ? t('secondFactor.useFactor') : t('secondFactor.useRecovery')}
          </button>
        )}
      </div>
    </Dialog>
  );
}
