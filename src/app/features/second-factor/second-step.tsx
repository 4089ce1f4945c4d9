/**
 * The second step of a sign-in (docs/security.md "Second factor"), after a right password: prove
 * a factor she has — a passkey, a code from her app, or a recovery code — or, where the operator
 * requires a factor and she has none, set one up and save her recovery codes. The step's token
 * is held here only, in memory: it reaches nothing but this step, and a reload starts over.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SecondStep, SignInResult } from '../../../shared/api/account';
import type { EnrolResult, SecondFactorProof } from '../../../shared/api/second-factor';
import { secondFactorCalls } from '../../api/domain-calls/second-factor';
import { Button } from '../../components/button';
import { stepIsOver } from './errors';
import { FactorChoice } from './factor-choice';
import { PasskeySetup } from './passkey-setup';
import { RecoveryCodes } from './recovery-codes';
import { TotpSetup } from './totp-setup';
import { usePortalApi } from '../../root';

export interface SecondStepProps {
  step: SecondStep;
  /** The session the step ended in; the page starts it. */
  onSignedIn(result: SignInResult): Promise<void> | void;
  /** Back to the password: given up, or the step is over (expired, too many wrong answers). */
  onBack(why: 'cancelled' | 'over'): void;
}

export function SecondStepPanel({ step, onSignedIn, onBack }: SecondStepProps) {
  const calls = secondFactorCalls(usePortalApi());
  const { t } = useTranslation('auth');
  const cancel = () => {
    // The step ends at the server too; if that fails it expires by itself.
    void calls.abandonStep(step.token, { quiet: true }).catch(() => undefined);
    onBack('cancelled');
  };
  return (
    <div className="flex flex-col gap-6">
      {step.purpose === 'VERIFY' ? (
        <Verify step={step} onSignedIn={onSignedIn} onOver={() => onBack('over')} />
      ) : (
        <Enrol step={step} onSignedIn={onSignedIn} onOver={() => onBack('over')} />
      )}
      <div>
        <Button variant="ghost" onClick={cancel}>
          {t('secondFactor.cancel')}
        </Button>
      </div>
    </div>
  );
}

interface PartProps {
  step: SecondStep;
  onSignedIn(result: SignInResult): Promise<void> | void;
  onOver(): void;
}

function Verify({ step, onSignedIn, onOver }: PartProps) {
  const calls = secondFactorCalls(usePortalApi());
  const { t } = useTranslation('auth');
  const finish = async (proof: SecondFactorProof) => {
    try {
      await onSignedIn(await calls.completeStep(step.token, proof, { quiet: true }));
    } catch (error) {
      if (!stepIsOver(error)) throw error;
      onOver();
    }
  };
  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-slate-600">{t('secondFactor.verifyIntro')}</p>
      <FactorChoice
        methods={{
          passkey: step.methods.includes('passkey'),
          totp: step.methods.includes('totp'),
          recovery: step.methods.includes('recovery'),
        }}
        submitLabel={t('secondFactor.verify')}
        passkeyOptions={() => calls.stepPasskeyOptions(step.token, { quiet: true })}
        onProof={finish}
      />
    </div>
  );
}

function Enrol({ step, onSignedIn, onOver }: PartProps) {
  const { t } = useTranslation('auth');
  const [choice, setChoice] = useState<'passkey' | 'totp' | null>(null);
  const [enrolled, setEnrolled] = useState<EnrolResult | null>(null);
  if (enrolled) {
    const session = enrolled.signedIn!;
    return enrolled.recoveryCodes ? (
      <RecoveryCodes codes={enrolled.recoveryCodes} onSaved={() => void onSignedIn(session)} />
    ) : (
      <Button onClick={() => void onSignedIn(session)}>{t('secondFactor.continue')}</Button>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">{t('secondFactor.enrolIntro')}</p>
      <div role="group" aria-label={t('secondFactor.choose')} className="flex flex-wrap gap-3">
        <Button variant={choice === 'passkey' ? 'primary' : 'secondary'} onClick={() => setChoice('passkey')}>
          {t('secondFactor.choosePasskey')}
        </Button>
        <Button variant={choice === 'totp' ? 'primary' : 'secondary'} onClick={() => setChoice('totp')}>
          {t('secondFactor.chooseApp')}
        </Button>
      </div>
      {choice === 'passkey' && (
        <PasskeySetup stepToken={step.token} onEnrolled={setEnrolled} onStepOver={onOver} />
      )}
      {choice === 'totp' && <TotpSetup stepToken={step.token} onEnrolled={setEnrolled} onStepOver={onOver} />}
    </div>
  );
}
