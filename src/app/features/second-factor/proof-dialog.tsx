/**
 * A fresh proof of the second factor before a change to it (docs/security.md "Second factor"):
 * one of her passkeys, a code from her app, or a recovery code, checked by the server with the
 * change itself.
 */
import { useTranslation } from 'react-i18next';
import type { SecondFactorProof, SecondFactors } from '../../../shared/api/second-factor';
import { secondFactorCalls } from '../../api/domain-calls/second-factor';
import { Dialog } from '../../components/dialog';
import { FactorChoice } from './factor-choice';
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
  return (
    <Dialog open title={title} onCancel={onClose}>
      <div className="flex flex-col gap-4">
        <p>{intro}</p>
        <FactorChoice
          methods={{
            passkey: factors.passkeys.length > 0,
            totp: factors.totp !== null,
            recovery: factors.recoveryCodesLeft > 0,
          }}
          submitLabel={t('secondFactor.confirmProof')}
          passkeyOptions={() => calls.proofPasskeyOptions({ quiet: true })}
          onProof={onProof}
        />
      </div>
    </Dialog>
  );
}
