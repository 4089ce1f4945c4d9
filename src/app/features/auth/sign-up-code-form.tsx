/**
 * /toSign, second step (docs/security.md "Sign-up"): the code mailed to her address makes the
 * account and signs it in — or, where a second factor is required, leads to setting one up first
 * (docs/security.md "Second factor"). She may ask for a new code (the same details again: a new
 * sign-up, within the server's limits) or go back to change her details.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SIGN_UP_CODE_SECONDS, type SecondStep, type SignUpStarted } from '../../../shared/api/account';
import { ApiError } from '../../../rest';
import { accountCalls } from '../../api/domain-calls/account';
import { Button } from '../../components/button';
import { failureText } from '../../components/server-field-errors';
import { DoneNotice, MailedCodeField } from '../../components/mailed-code-field';
import { usePortalRoot, useSession } from '../../root';
import { afterSignIn } from './post-sign-in';
import type { SignUpDetails } from './sign-up-form';

const CODE = /^\d{6}$/;

export function SignUpCodeForm({
  started,
  details,
  onResent,
  onBack,
  onSignedUp,
  onSecondStep,
}: {
  started: SignUpStarted;
  details: SignUpDetails;
  onResent(started: SignUpStarted): void;
  onBack(): void;
  onSignedUp(agreementDue: boolean): void;
  /** A second factor is required here: she sets one up before the session is hers. */
  onSecondStep(step: SecondStep): void;
}) {
  const root = usePortalRoot();
  const session = useSession();
  const { t } = useTranslation('auth');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    if (!CODE.test(code.trim())) {
      setError(t('signUp.codeFormat'));
      return;
    }
    setBusy(true);
    try {
      const result = await accountCalls(await root.api()).confirmSignUp(
        { signUpId: started.signUpId, code: code.trim() },
        { quiet: true },
      );
      if ('secondStep' in result) {
        onSecondStep(result.secondStep);
        return;
      }
      const { agreementDue } = await afterSignIn(
        session,
        await root.api(),
        result.token,
        result.userInfo,
        result.autoLogoffSeconds,
      );
      onSignedUp(agreementDue);
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      if (caught.code === 'VERIFICATION_CODE_INVALID') setError(t('signUp.wrongCode'));
      else if (caught.code === 'EMAIL_TAKEN') setError(t('signUp.taken'));
      else setError(failureText(caught));
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setError(null);
    setNotice(null);
    setSending(true);
    try {
      const again = await accountCalls(await root.api()).signUp(details, { quiet: true });
      setCode('');
      setNotice(t('signUp.resent', { email: again.sentTo }));
      onResent(again);
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      setError(failureText(caught));
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('signUp.codeTitle')} className="flex flex-col gap-4">
      <p className="text-slate-700">{t('signUp.codeSent', { email: started.sentTo })}</p>
      <MailedCodeField
        label={t('signUp.code')}
        hint={t('signUp.codeHint', { minutes: Math.round(SIGN_UP_CODE_SECONDS / 60) })}
        value={code}
        error={error}
        onChange={(digits) => {
          setCode(digits);
          setError(null);
        }}
      />
      <DoneNotice>{notice}</DoneNotice>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex flex-wrap gap-2">
          <Button variant="ghost" onClick={onBack}>
            {t('signUp.back')}
          </Button>
          <Button variant="ghost" onClick={resend} busy={sending}>
            {t('signUp.resend')}
          </Button>
        </div>
        <Button type="submit" busy={busy}>
          {t('signUp.confirm')}
        </Button>
      </div>
    </form>
  );
}
