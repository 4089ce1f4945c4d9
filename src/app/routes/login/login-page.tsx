/**
 * /login, /signIn, /toLogin and the route named 'login' (spec §2). Signs in — with the second
 * step where a second factor is due (docs/security.md "Second factor") — then shows the agreement
 * popup while it is due (agreementProtocol '0' keeps the user here, spec §5).
 */
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { SecondStep, SignInResult } from '../../../shared/api/account';
import type { PortalApi } from '../../api/api-client';
import { SignInForm } from '../../features/auth';
import { usePortalRoot, useSession } from '../../root';
import { canEnterPortal, takeReturnPath, type SessionStore } from '../../session';
import { AuthLayout } from '../../layouts/auth-layout';
import { paths, PUBLIC_PATHS } from '../../paths';

// The dialogs (and Headless UI with them) load only when needed: the login route stays small (docs/architecture.md §4).
const AgreementDialog = lazy(() =>
  import('../../features/auth/agreement-dialog').then((m) => ({ default: m.AgreementDialog })),
);
const ForgotPasswordDialog = lazy(() =>
  import('../../features/auth/forgot-password-dialog').then((m) => ({ default: m.ForgotPasswordDialog })),
);
const SecondStepPanel = lazy(() =>
  import('../../features/second-factor/second-step').then((m) => ({ default: m.SecondStepPanel })),
);

/** Keeps the session a second step ended in, as a sign-in's (the module loads with the step). */
async function startSecondStepSession(
  session: SessionStore,
  api: PortalApi,
  result: SignInResult,
): Promise<{ agreementDue: boolean }> {
  return (await import('../../features/auth/post-sign-in')).afterSecondStep(session, api, result);
}

/**
 * Where a sign-in continues: the page the guard sent the visitor from, or the page the automatic
 * logoff took her from (`returnPath`, hers only), or the dashboard. `/` itself only redirects to
 * the dashboard, and a redirect answered inside the sign-in's own navigation is dropped (a blank
 * page), so it goes to the dashboard directly.
 */
export function targetAfterLogin(state: unknown, returnPath: string | null = null): string {
  const from = (state as { from?: string } | null)?.from ?? returnPath ?? undefined;
  const path = from?.split('?')[0];
  return from && path !== '/' && !PUBLIC_PATHS.includes(path!) ? from : paths.dashboard;
}

/** After her sign-in: her page from before the automatic logoff, if she was signed out there. */
function targetOfSignedIn(session: SessionStore, state: unknown): string {
  const owner = session.state.userInfo?.userId;
  return targetAfterLogin(state, owner === undefined ? null : takeReturnPath(owner));
}

export default function LoginPage() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const session = useSession();
  const root = usePortalRoot();
  const snap = useSnapshot(session.state);
  const [forgot, setForgot] = useState(false);
  const [step, setStep] = useState<SecondStep | null>(null);
  const [stepOver, setStepOver] = useState(false);
  const target = targetAfterLogin(location.state);
  const agreementDue = snap.session.phase === 'agreement due';

  if (canEnterPortal(snap.session)) return <Navigate to={target} replace />;
  if (step && !agreementDue) {
    return (
      <AuthLayout
        title={step.purpose === 'VERIFY' ? t('secondFactor.verifyTitle') : t('secondFactor.enrolTitle')}
      >
        <Suspense fallback={null}>
          <SecondStepPanel
            step={step}
            onSignedIn={async (result) => {
              const { agreementDue: due } = await startSecondStepSession(session, await root.api(), result);
              setStep(null);
              if (!due) navigate(targetOfSignedIn(session, location.state), { replace: true });
            }}
            onBack={(why) => {
              setStep(null);
              setStepOver(why === 'over');
            }}
          />
        </Suspense>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout
      title={t('signIn.title')}
      footer={
        <>
          {t('signIn.noAccount')}{' '}
          <Link to={paths.signUp} className="font-medium text-brand hover:underline">
            {t('signIn.toSignUp')}
          </Link>
        </>
      }
    >
      <p className="-mt-4 mb-6 text-sm text-slate-500">{t('signIn.subtitle')}</p>
      {stepOver && (
        <p role="alert" className="mb-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-800">
          {t('secondFactor.errors.stepOver')}
        </p>
      )}
      <SignInForm
        onSignedIn={(due) =>
          due ? undefined : navigate(targetOfSignedIn(session, location.state), { replace: true })
        }
        onSecondStep={(next) => {
          setStepOver(false);
          setStep(next);
        }}
        onForgot={() => setForgot(true)}
      />
      <Suspense fallback={null}>
        {forgot && <ForgotPasswordDialog onClose={() => setForgot(false)} />}
        {agreementDue && (
          <AgreementDialog
            onAgreed={() => navigate(targetOfSignedIn(session, location.state), { replace: true })}
            onDeclined={() => navigate(paths.login, { replace: true })}
          />
        )}
      </Suspense>
    </AuthLayout>
  );
}
