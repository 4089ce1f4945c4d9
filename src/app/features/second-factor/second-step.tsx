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
import { CodeForm } from './code-form';
import { messageOf, stepIsOver } from './errors';
import { PasskeySetup } from './passkey-setup';
import { RecoveryCodes } from './recovery-codes';
import { TotpSetup } from './totp-setup';
import { answerWithPasskey } from './webauthn';
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
  const [recovery, setRecovery] = useState(
    !step.methods.includes('totp') && !step.methods.includes('passkey'),
  );
  const [passkeyError, setPasskeyError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const finish = async (proof: SecondFactorProof) => {
    try {
      await onSignedIn(await calls.completeStep(step.token, proof, { quiet: true }));
    } catch (error) {
      if (!stepIsOver(error)) throw error;
      onOver();
    }
  };
  const withPasskey = async () => {
    setBusy(true);
    setPasskeyError(null);
    try {
      const options = await calls.stepPasskeyOptions(step.token, { quiet: true });
      await finish({ method: 'passkey', credential: await answerWithPasskey(options) });
    } catch (error) {
      setPasskeyError(messageOf(error, t, 'passkey'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-slate-600">{t('secondFactor.verifyIntro')}</p>
      {step.methods.includes('passkey') && !recovery && (
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
      {step.methods.includes('totp') && !recovery && (
        <CodeForm
          kind="totp"
          name={t('secondFactor.appForm')}
          submitLabel={t('secondFactor.verify')}
          onCode={(code) => finish({ method: 'totp', code })}
        />
      )}
      {recovery && (
        <CodeForm
          kind="recovery"
          name={t('secondFactor.recoveryForm')}
          submitLabel={t('secondFactor.verify')}
          onCode={(code) => finish({ method: 'recovery', code })}
        />
      )}
      {step.methods.includes('recovery') && (
        <button
          type="button"
          onClick={() => setRecovery(!recovery)}
          className="self-start text-sm text-brand hover:underline"
        >
          {recovery ? t('secondFactor.useFactor') : t('secondFactor.useRecovery')}
        </button>
      )}
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
