/**
 * Setting up an authenticator app (RFC 6238): a new secret as a QR code and as a key to type,
 * then a code from the app confirms it. In Settings on the session; in a sign-in that must enrol,
 * on the step's token.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EnrolResult } from '../../../shared/api/second-factor';
import { secondFactorCalls } from '../../api/domain-calls/second-factor';
import { CodeForm } from './code-form';
import { messageOf, stepIsOver } from './errors';
import { QrCode } from './qr-code';
import { usePortalApi } from '../../root';

export function TotpSetup({
  stepToken,
  onEnrolled,
  onStepOver,
}: {
  stepToken?: string;
  onEnrolled(result: EnrolResult): void;
  /** The sign-in's step ended (expired, too many wrong codes): back to the password. */
  onStepOver?(): void;
}) {
  const calls = secondFactorCalls(usePortalApi());
  const { t } = useTranslation('auth');
  const [secret, setSecret] = useState<{ secret: string; uri: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    calls.startTotp({ stepToken, quiet: true }).then(
      (started) => live && setSecret(started),
      (error: unknown) => {
        if (!live) return;
        if (stepIsOver(error) && onStepOver) onStepOver();
        else setProblem(messageOf(error, t));
      },
    );
    return () => {
      live = false;
    };
    // Started once per mount: a new secret replaces the one not confirmed yet.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (problem)
    return (
      <p role="alert" className="text-sm text-red-700">
        {problem}
      </p>
    );
  if (!secret) return <p className="text-sm text-slate-500">{t('secondFactor.preparing')}</p>;
  const grouped = secret.secret.match(/.{1,4}/g)!.join(' ');
  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-600">{t('secondFactor.appSteps')}</p>
      <div className="flex justify-center">
        <QrCode text={secret.uri} label={t('secondFactor.qrLabel')} />
      </div>
      <p className="text-sm text-slate-600">
        {t('secondFactor.secretKey')}{' '}
        <code
          data-testid="totp-secret"
          className="break-all rounded bg-slate-100 px-1 font-mono text-slate-900"
        >
          {grouped}
        </code>
      </p>
      <CodeForm
        kind="totp"
        name={t('secondFactor.confirmAppForm')}
        submitLabel={t('secondFactor.confirmApp')}
        onCode={async (code) => {
          try {
            onEnrolled(await calls.confirmTotp(code, { stepToken, quiet: true }));
          } catch (error) {
            if (!stepIsOver(error) || !onStepOver) throw error;
            onStepOver();
          }
        }}
      />
    </div>
  );
}
