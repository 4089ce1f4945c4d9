/**
 * /verification (spec §2, outside the main layout, no chat connection): a provider whose
 * address is not confirmed — an account made before sign-up confirmed addresses (docs/security.md
 * "Sign-up") — asks for a 6-digit code and enters it (at most one mail a minute: the button counts
 * down, also after the server's RATE_LIMITED).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { DoctorInfo } from '../../../shared/api/account';
import { ApiError } from '../../../rest';
import { accountCalls } from '../../api/domain-calls/account';
import { Button } from '../../components/button';
import { failureText } from '../../components/server-field-errors';
import { DoneNotice, MailedCodeField } from '../../components/mailed-code-field';
import { usePortalApi } from '../../root';

const CODE = /^\d{6}$/;

function retryAfter(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== 'RATE_LIMITED') return null;
  const seconds = (error.data as { retryAfterSeconds?: number } | null)?.retryAfterSeconds;
  return typeof seconds === 'number' ? seconds : 60;
}

/** Seconds left until `until` (epoch ms), ticking once a second. */
function useCountdown(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until <= Date.now()) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  return Math.max(0, Math.ceil((until - now) / 1000));
}

export function VerificationForm({
  info,
  onVerified,
}: {
  info: DoctorInfo;
  onVerified(info: DoctorInfo): void;
}) {
  const account = accountCalls(usePortalApi());
  const { t } = useTranslation('verification');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [sending, setSending] = useState(false);
  const [resendAt, setResendAt] = useState(0);
  const wait = useCountdown(resendAt);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    if (!CODE.test(code.trim())) {
      setError(t('codeFormat'));
      return;
    }
    setBusy(true);
    try {
      onVerified(await account.verifyEmail(code.trim(), { quiet: true }));
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      setError(caught.code === 'VERIFICATION_CODE_INVALID' ? t('wrongCode') : failureText(caught));
    } finally {
      setBusy(false);
    }
  };

  const resend = async () => {
    setError(null);
    setNotice(null);
    setSending(true);
    try {
      const sent = await account.sendEmailVerification({ quiet: true });
      setNotice(t('resent', { email: sent.sentTo }));
      setResendAt(Date.now() + sent.resendAfterSeconds * 1000);
    } catch (caught) {
      if (!(caught instanceof ApiError)) throw caught;
      const seconds = retryAfter(caught);
      if (seconds !== null) setResendAt(Date.now() + seconds * 1000);
      setError(failureText(caught));
    } finally {
      setSending(false);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('title')} className="flex flex-col gap-4">
      <p className="text-slate-700">{t('intro', { email: info.email })}</p>
      <p className="text-sm text-slate-500">{t('why')}</p>
      <MailedCodeField
        label={t('code')}
        hint={t('codeHint')}
        value={code}
        error={error}
        onChange={(digits) => {
          setCode(digits);
          setError(null);
        }}
      />
      <DoneNotice>{notice}</DoneNotice>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <Button variant="ghost" onClick={resend} busy={sending} disabled={wait > 0}>
          {wait > 0 ? t('resendIn', { seconds: wait }) : t('resend')}
        </Button>
        <Button type="submit" busy={busy}>
          {t('submit')}
        </Button>
      </div>
    </form>
  );
}
